# Shared by the board's init and scenarios (sourced, BusyBox sh).
BOARD_SHARE=/host
GPIO_SIM=/sys/kernel/config/gpio-sim/playhead
# Named like the buttons of an appliance; the GPIO issue maps them to transport control.
GPIO_LINES="play pause next previous volume-up volume-down doorbell spare"

say() { echo "board: $*"; }

# Waits up to 10 s for a line matching $1 in the scenario's events file, $ev.
waitfor() { for i in $(seq 100); do grep -q "$1" "$ev" && return 0; sleep 0.1; done; echo "no '$1' in the events"; cat "$ev"; return 1; }

load() {
  out=$(modprobe "$@" 2>&1) || { say "module $1 did not load: $out"; return 1; }
}

gpio_sim_up() {
  load gpio-sim || return 1
  mkdir -p /sys/kernel/config && mount -t configfs configfs /sys/kernel/config 2>/dev/null
  mkdir "$GPIO_SIM" "$GPIO_SIM/bank0" || { say "gpio-sim configfs is missing"; return 1; }
  set -- $GPIO_LINES
  echo $# > "$GPIO_SIM/bank0/num_lines"
  i=0
  for name in "$@"; do
    mkdir "$GPIO_SIM/bank0/line$i" && echo "$name" > "$GPIO_SIM/bank0/line$i/name"
    i=$((i + 1))
  done
  echo 1 > "$GPIO_SIM/live"
}

# The chip (gpiochipN) and the sysfs folder whose sim_gpioK/pull drives its lines.
gpio_sim_chip() { cat "$GPIO_SIM/bank0/chip_name"; }
gpio_sim_pull() {
  echo "$2" > "/sys/devices/platform/$(cat "$GPIO_SIM/dev_name")/$(gpio_sim_chip)/sim_gpio$1/pull"
}

board_up() {
  load configfs
  load virtio_pci && load 9pnet_virtio && load 9p
  if grep -q "playhead.share" /proc/cmdline; then
    mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 host "$BOARD_SHARE" \
      || say "the host share did not mount; results stay in the guest"
  fi
  load vkms enable_writeback=1 enable_overlay=1 enable_cursor=1
  load snd-aloop
  load snd-dummy
  load snd-hda-intel && amixer -q -c Intel sset Master 100% unmute 2>/dev/null
  gpio_sim_up
  mdev -s 2>/dev/null
}

run_scenarios() {
  out=$BOARD_SHARE/out
  mkdir -p "$out"
  echo "board: scenarios start"
  if dmesg | grep -q "Initramfs unpacking failed"; then
    echo "BOARD-RESULT 00-initramfs fail: $(dmesg | grep 'Initramfs unpacking failed')"
  fi
  only=$(sed -n 's/.*playhead\.only=\([^ ]*\).*/\1/p' /proc/cmdline)
  # After a wedged guest the host boots it again from the scenario that wedged.
  from=$(sed -n 's/.*playhead\.from=\([^ ]*\).*/\1/p' /proc/cmdline)
  for s in /usr/lib/playhead-board/scenarios/*.sh; do
    name=$(basename "$s" .sh)
    case "$name" in "$only"*) ;; *) continue ;; esac
    [ -n "$from" ] && [ "$(printf '%s\n%s\n' "$from" "$name" | sort | head -1)" != "$from" ] && continue
    limit=$(sed -n 's/^# time-limit: *\([0-9]*\).*/\1/p' "$s")
    start=$(cut -d' ' -f1 /proc/uptime)
    OUT=$out timeout "${limit:-60}" sh -e "$s" > "$out/$name.log" 2>&1
    rc=$?
    took=$(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN{printf "%.1f", b-a}')
    if [ $rc = 0 ]; then
      echo "BOARD-RESULT $name pass ${took}s"
    else
      [ $rc = 143 ] && why="timed out after ${limit:-60}s" || why="exit $rc"
      echo "BOARD-RESULT $name fail ($why) ${took}s"
      tail -n 15 "$out/$name.log" | sed "s/^/  $name| /"
    fi
  done
  dmesg > "$out/dmesg.txt"
  echo "BOARD-DONE"
}

run_demo() {
  say "playing the demo playlist; the console shows its events"
  # Sound through ALSA into the loopback card (the board's speakers stand-in).
  audio="--audio-output null"
  [ -e /proc/asound/Loopback ] && audio="--audio-output alsa --audio-device hw:Loopback,0,0"
  if [ -e /dev/dri/card0 ]; then
    # The screen as the demo plays, saved for the host (make run copies it to build/).
    shot=""
    grep -q " $BOARD_SHARE 9p " /proc/mounts && mkdir -p "$BOARD_SHARE/out" && shot="--screenshot $BOARD_SHARE/out/screenshot.png --screenshot-frame 60"
    playhead --video-output drm --display-mode 640x480 $audio $shot --events text --stats $(cat /etc/playhead/demo.playlist)
  else
    playhead --video-output null $audio --events text --stats $(cat /etc/playhead/demo.playlist)
  fi
  say "demo finished (exit $?)"
}

# The display benchmark: each clip from the host share decoded by ffmpeg alone (the reference
# speed) and played by playhead on vkms; one BENCH line each for the host to report.
run_bench() {
  for spec in bench_360p30.mp4:640x480 bench_720p30.mp4:preferred; do
    clip=$BOARD_SHARE/media/${spec%%:*} mode=${spec#*:}
    [ -s "$clip" ] || { echo "BENCH-ERROR $clip is missing"; continue; }
    rtime=$(ffmpeg -hide_banner -benchmark -i "$clip" -an -f null - 2>&1 | sed -n 's/.*rtime=\([0-9.]*\)s.*/\1/p')
    playhead --video-output drm --display-mode "$mode" --stats --events none "$clip" 2> /tmp/bench.err
    cat /tmp/bench.err
    echo "BENCH ${spec%%:*} mode=$mode ffmpeg-rtime=$rtime $(grep -h 'playhead: display:\|playhead: process:' /tmp/bench.err | tr '\n' ' ')"
  done
  # Five minutes on vkms and ALSA (the loopback card): the picture against the audio clock and
  # the sound's underruns.
  clip=$BOARD_SHARE/media/bench_av_240p30.mp4
  if [ -s "$clip" ]; then
    playhead --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 \
      --stats --events none "$clip" 2> /tmp/bench-av.err
    cat /tmp/bench-av.err
    echo "BENCH-AV $(grep -h 'playhead: display:\|playhead: audio:\|playhead: process:' /tmp/bench-av.err | tr '\n' ' ')"
  else
    echo "BENCH-ERROR $clip is missing"
  fi
  echo "BOARD-DONE"
}

board_shell() {
  say "shell on the serial console; 'poweroff -f' leaves"
  setsid cttyhack sh -l
}
