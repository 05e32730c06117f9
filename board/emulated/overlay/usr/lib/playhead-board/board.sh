# Shared by the board's init and scenarios (sourced, BusyBox sh).
BOARD_SHARE=/host
GPIO_SIM=/sys/kernel/config/gpio-sim/playhead
# Named like the buttons of an appliance; the GPIO issue maps them to transport control.
GPIO_LINES="play pause next previous volume-up volume-down doorbell spare led"
# The board: x86_64, or arm64 (board/qemu-aarch64, the same overlay).
BOARD_ARCH=$(uname -m)
[ "$BOARD_ARCH" = aarch64 ] && BOARD_ARCH=arm64
# The second console the host types at (drivers/17-console.py): the second UART on x86_64;
# QEMU's virt machine has one UART, so a virtio console there.
BOARD_CONSOLE2=/dev/ttyS1
[ "$BOARD_ARCH" = arm64 ] && BOARD_CONSOLE2=/dev/hvc0
# libgpiod's tools come with the board's Debian: 1.6 on x86_64 (Debian 12) takes the chip as
# the first argument and prints RISING/FALLING; 2.2 on arm64 (Debian 13) takes `-c CHIP` and
# prints rising/falling.
GPIO_TOOL_CHIP="" GPIO_RISING=RISING GPIO_FALLING=FALLING
[ "$BOARD_ARCH" = arm64 ] && GPIO_TOOL_CHIP=-c GPIO_RISING=rising GPIO_FALLING=falling

say() { echo "board: $*"; }

# Waits up to 10 s for a line matching $1 in the scenario's events file, $ev.
waitfor() { for i in $(seq 100); do grep -q "$1" "$ev" && return 0; sleep 0.1; done; echo "no '$1' in the events"; cat "$ev"; return 1; }

# The number after " NAME=" in a line of key=value pairs ($1), e.g. presented=12 or mean=-3ms.
# Ends an arecord started with a duration longer than the sound ($1: its pid) half a second
# after the player has gone (its device buffer 200 ms at most), instead of waiting the duration
# out; SIGINT makes arecord write the header's length.
stop_recording() { sleep 0.5; kill -INT "$1" 2>/dev/null || true; wait "$1" || true; }
count_of() { echo "$1" | sed -n "s/.* $2=\(-\{0,1\}[0-9][0-9]*\).*/\1/p"; }

# Checks the frame counts of a --stats run (its stderr in $1) of a clip of $2 frames played once
# from its start on DRM, for what the counters guarantee at any emulator speed, and prints them.
# - The engine ("playhead: stats:") hands each decoded frame to the display (presented) or drops
#   it as overtaken (dropped), once: presented + dropped is the clip's frame count. Frames the
#   decoder was told to skip to catch up (decode-skip-changes > 0) are counted nowhere, so
#   then it is at most that.
# - The display ("playhead: display:") flips each frame it was handed (presented), or counts it
#   dropped when a newer one replaced it or its commit failed, or without-display. When the
#   counts are read at most two are still in hand (one waiting, one being drawn or flipped),
#   plus any flip that never came (a failed commit that is not also a drop).
# - Flip delays (vblank minus due time): a frame is committed no earlier than half a refresh
#   before its time, and the vblank stamped on its flip is at most one refresh before that
#   (vkms stamps the period boundary), so none is earlier than 1.5 refreshes: -25 ms at 60 Hz.
#   Mean and last are at most the worst. The mean is under 250 ms and the worst under 2 s:
#   dropping keeps the picture with the clock, and a delay of seconds is a clock mix-up. Seen
#   here: means 13-51 ms and worsts 161-618 ms, with the host idle and with four busy loops
#   on its two cores (the last frame of a clip has no successor to overtake it and is shown
#   however late the decoder delivers it).
frame_check() {
  fc_err=$1 fc_frames=$2
  fc_s=$(grep "playhead: stats:" "$fc_err") || { echo "no 'playhead: stats:' line in $fc_err"; return 1; }
  fc_d=$(grep "playhead: display:" "$fc_err") || { echo "no 'playhead: display:' line in $fc_err"; return 1; }
  e_pres=$(count_of "$fc_s" presented) e_drop=$(count_of "$fc_s" dropped) e_late=$(count_of "$fc_s" late)
  skips=$(count_of "$fc_s" decode-skip-changes)
  d_pres=$(count_of "$fc_d" presented) d_drop=$(count_of "$fc_d" dropped) d_late=$(count_of "$fc_d" late)
  failed=$(count_of "$fc_d" failed-commits) without=$(count_of "$fc_d" frames-without-display)
  without=${without:-0}
  delays=$(echo "$fc_d" | sed -n 's/.*flip-delay mean=\(-\{0,1\}[0-9]*\)ms worst=\(-\{0,1\}[0-9]*\)ms last=\(-\{0,1\}[0-9]*\)ms.*/\1 \2 \3/p')
  set -- $delays
  mean=${1:-} worst=${2:-} last=${3:-}
  for v in "$e_pres" "$e_drop" "$e_late" "$skips" "$d_pres" "$d_drop" "$d_late" "$failed" "$mean" "$worst" "$last"; do
    [ -n "$v" ] || { echo "unreadable counts in: $fc_s / $fc_d"; return 1; }
  done
  held=$((e_pres - d_pres - d_drop - without))
  echo "frames: clip $fc_frames; engine presented $e_pres dropped $e_drop late $e_late decode-skip-changes $skips;" \
    "display presented $d_pres dropped $d_drop late $d_late failed-commits $failed, $held in hand at the end;" \
    "flip delay mean $mean ms worst $worst ms last $last ms"
  if [ "$skips" -eq 0 ] && [ $((e_pres + e_drop)) -ne "$fc_frames" ]; then
    echo "engine: presented $e_pres + dropped $e_drop is not the clip's $fc_frames frames (no decode skipping)"; return 1
  fi
  if [ $((e_pres + e_drop)) -gt "$fc_frames" ]; then
    echo "engine: presented $e_pres + dropped $e_drop is more than the clip's $fc_frames frames"; return 1
  fi
  if [ "$d_pres" -lt 1 ]; then echo "display: no frame reached the screen"; return 1; fi
  if [ "$held" -lt 0 ] || [ "$held" -gt $((2 + failed)) ]; then
    echo "display: of $e_pres frames handed over, $d_pres flipped, $d_drop dropped, $without without a display: $held unaccounted (0 to $((2 + failed)) may be)"
    return 1
  fi
  if [ "$e_late" -gt "$e_pres" ] || [ "$d_late" -gt "$d_pres" ]; then echo "more late frames than presented ones"; return 1; fi
  if [ "$mean" -lt -25 ] || [ "$last" -lt -25 ]; then echo "flip delays: one more than 1.5 refreshes before its frame's time"; return 1; fi
  if [ "$mean" -gt "$worst" ] || [ "$last" -gt "$worst" ]; then echo "flip delays: the mean or the last above the worst"; return 1; fi
  if [ "$mean" -gt 250 ]; then echo "flip delays: the mean is $mean ms, the picture lags the clock"; return 1; fi
  if [ "$worst" -ge 2000 ]; then echo "flip delays: the worst is $worst ms, seconds behind the clock"; return 1; fi
}

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
# A card built through vkms's configfs (7.x): a primary plane, an overlay plane, a CRTC (with a
# writeback connector when $3 is 1), an encoder and a connector whose status starts as $2 (1
# connected, 2 disconnected). Sets V (its configfs folder) and card (cardN); fails with a line.
configfs_card() {
  V=/sys/kernel/config/vkms/$1
  [ -d /sys/kernel/config/vkms ] || { echo "vkms offers no configfs here (/sys/kernel/config/vkms is missing)"; return 1; }
  before=$(ls -d /sys/class/drm/card? | tr '\n' ' ')
  mkdir $V $V/planes/primary $V/planes/overlay $V/crtcs/crtc $V/encoders/encoder $V/connectors/connector || return 1
  # DRM's plane types: 0 overlay, 1 primary.
  echo 1 > $V/planes/primary/type
  echo 0 > $V/planes/overlay/type
  [ "$3" = 1 ] && echo 1 > $V/crtcs/crtc/writeback
  ln -s $V/crtcs/crtc $V/planes/primary/possible_crtcs/crtc
  ln -s $V/crtcs/crtc $V/planes/overlay/possible_crtcs/crtc
  ln -s $V/crtcs/crtc $V/encoders/encoder/possible_crtcs/crtc
  ln -s $V/encoders/encoder $V/connectors/connector/possible_encoders/encoder
  echo "$2" > $V/connectors/connector/status
  echo 1 > $V/enabled
  mdev -s 2>/dev/null || true
  card=
  for c in /sys/class/drm/card?; do
    case " $before " in *" $c "*) ;; *) card=${c##*/} ;; esac
  done
  [ -n "$card" ] || { echo "enabling the configfs device made no new card (before: $before)"; return 1; }
  [ -e /dev/dri/$card ] || { echo "/dev/dri/$card did not appear"; return 1; }
}

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

# What a scenario left running: a playhead it started in the background and never waited for
# (it failed first), a recorder, the supervisor. Left, they hold the loopback card in their format
# and the screen, and every scenario after fails for it (seen: one lost button press, then seven
# failures). Said on the console, then stopped.
LEFTOVERS="supervise playhead arecord aplay gpiomon cec-follower"
stop_leftovers() {
  left=""
  for p in $LEFTOVERS; do pidof "$p" > /dev/null && left="$left $p"; done
  [ -n "$left" ] || return 0
  echo "board: $1 left running:$left; stopped"
  killall -q -TERM $LEFTOVERS
  i=0
  while [ $i -lt 30 ] && pidof $LEFTOVERS > /dev/null; do sleep 0.1; i=$((i + 1)); done
  killall -q -KILL $LEFTOVERS
  return 0
}

run_scenarios() {
  out=$BOARD_SHARE/out
  # The scenarios say everything on playhead's command line; the appliance's options file
  # (loop, its playlist) would change what they test.
  mv /etc/playhead/playhead.conf /etc/playhead/playhead.conf.appliance 2>/dev/null
  mkdir -p "$out"
  # The host's checks read which board wrote the results.
  echo "$BOARD_ARCH" > "$out/board-arch"
  echo "board: scenarios start"
  # A heartbeat for the host (boot/scenarios.py): a kernel spinning with interrupts off stops
  # it, and the host boots again within a minute rather than after the scenario's limit.
  ( while sleep 5; do echo "BOARD-ALIVE"; done ) &
  alive=$!
  if dmesg | grep -q "Initramfs unpacking failed"; then
    echo "BOARD-RESULT 00-initramfs fail: $(dmesg | grep 'Initramfs unpacking failed')"
  fi
  KERNEL_MAJOR=$(uname -r | cut -d. -f1)
  only=$(sed -n 's/.*playhead\.only=\([^ ]*\).*/\1/p' /proc/cmdline)
  # After a wedged guest the host boots it again from the scenario after the one that wedged.
  from=$(sed -n 's/.*playhead\.from=\([^ ]*\).*/\1/p' /proc/cmdline)
  for s in /usr/lib/playhead-board/scenarios/*.sh; do
    name=$(basename "$s" .sh)
    case "$name" in "$only"*) ;; *) continue ;; esac
    # The boards it runs on (`# arches: x86_64 arm64`; x86_64 alone without the line) and,
    # on x86_64, the kernel profiles (`# kernels: 6 7`; 6 alone without the line): GPIO
    # scenarios need 6.1's v1 character device, the YUV ones 7.x's vkms. boot/boot.py reads
    # the same lines.
    arches=$(sed -n 's/^# arches: *//p' "$s")
    case " ${arches:-x86_64} " in *" $BOARD_ARCH "*) ;; *) continue ;; esac
    kernels=$(sed -n 's/^# kernels: *//p' "$s")
    [ "$BOARD_ARCH" != x86_64 ] || case " ${kernels:-6} " in *" $KERNEL_MAJOR "*) ;; *) continue ;; esac
    [ -n "$from" ] && [ "$(printf '%s\n%s\n' "$from" "$name" | sort | head -1)" != "$from" ] && continue
    limit=$(sed -n 's/^# time-limit: *\([0-9]*\).*/\1/p' "$s")
    # A long run asked for at boot (make board-soak) sets its own.
    limit=$(sed -n 's/.*playhead\.time_limit=\([0-9]*\).*/\1/p' /proc/cmdline | grep . || echo "$limit")
    start=$(cut -d' ' -f1 /proc/uptime)
    OUT=$out timeout "${limit:-60}" sh -e "$s" > "$out/$name.log" 2>&1
    rc=$?
    took=$(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN{printf "%.1f", b-a}')
    if [ $rc = 0 ]; then
      echo "BOARD-RESULT $name pass ${took}s"
      # What a passing scenario measured, on the console too.
      grep -E "^(RESULT|LOOP-SAMPLE) " "$out/$name.log" | sed "s/^/  $name| /"
    else
      [ $rc = 143 ] && why="timed out after ${limit:-60}s" || why="exit $rc"
      echo "BOARD-RESULT $name fail ($why) ${took}s"
      tail -n 15 "$out/$name.log" | sed "s/^/  $name| /"
    fi
    stop_leftovers "$name"
  done
  kill "$alive"
  dmesg > "$out/dmesg.txt"
  echo "BOARD-DONE"
}

run_demo() {
  say "playing the demo playlist; the console shows its events"
  # The appliance's options put the control socket there (rcS makes it on a flashed board).
  mkdir -p /run/playhead
  # At a terminal the demo loops with playhead's console on it (`help`, `status`).
  loop="--no-loop"
  grep -q "playhead.interactive" /proc/cmdline && loop="--events none"
  # Sound through ALSA into the loopback card (the board's speakers stand-in).
  audio="--audio-output null"
  [ -e /proc/asound/Loopback ] && audio="--audio-output alsa --audio-device hw:Loopback,0,0"
  if [ -e /dev/dri/card0 ]; then
    # The screen as the demo plays, saved for the host (make run copies it to build/).
    shot=""
    grep -q " $BOARD_SHARE 9p " /proc/mounts && mkdir -p "$BOARD_SHARE/out" && shot="--screenshot $BOARD_SHARE/out/screenshot.png --screenshot-frame 60"
    playhead --video-output drm --display-mode 640x480 $audio $shot --events text --stats $loop
  else
    playhead --video-output null $audio --events text --stats $loop
  fi
  say "demo finished (exit $?)"
}

# The display benchmark: each clip from the host share decoded by ffmpeg alone (the reference
# speed) and played by playhead on vkms; one BENCH line each for the host to report.
run_bench() {
  # Not the appliance's options (bench_peers relies on it too): with its
  # console on this terminal playhead stays up when the queue ends, waiting for commands, and it
  # loops; every player here plays each clip once.
  mv /etc/playhead/playhead.conf /etc/playhead/playhead.conf.appliance 2>/dev/null || true
  # `make bench ONLY=peers`: the players side by side and nothing else; ONLY=loop: only their
  # looped clip.
  if grep -q "playhead.only=http" /proc/cmdline; then
    bench_http
    echo "BOARD-DONE"
    return
  fi
  . /usr/lib/playhead-board/bench-layers.sh
  if grep -q "playhead.only=layers" /proc/cmdline; then
    bench_layers
    echo "BOARD-DONE"
    return
  fi
  . /usr/lib/playhead-board/bench-screen.sh
  if grep -q "playhead.only=screen" /proc/cmdline; then
    bench_screen
    echo "BOARD-DONE"
    return
  fi
  for only in peers loop; do
    grep -q "playhead.only=$only" /proc/cmdline || continue
    . /usr/lib/playhead-board/bench-peers.sh
    OUT=$BOARD_SHARE/out
    mkdir -p "$OUT"
    if [ $only = peers ]; then
      bench_peers
    else
      mount_hostroot || echo "BENCH-PEER-ERROR the host's root is not shared (boot.py --mode bench shares it as hostroot)"
      bench_reference
      bench_loop_gap
    fi
    echo "BOARD-DONE"
    return
  done
  bench_decode
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
  bench_layers
  bench_screen
  bench_buttons
  bench_http
  # The peers run chrooted into the host's root, which is x86_64's.
  if [ "$BOARD_ARCH" != x86_64 ]; then
    echo "BENCH-PEER-SKIPPED mpv and GStreamer run from the host's x86_64 root: not on the $BOARD_ARCH board"
    echo "BOARD-DONE"
    return
  fi
  . /usr/lib/playhead-board/bench-peers.sh
  OUT=$BOARD_SHARE/out
  mkdir -p "$OUT"
  bench_peers
  echo "BOARD-DONE"
}

# Decode speed against ffmpeg in this guest: playhead as fast as it decodes (no display, no
# sound device) and ffmpeg to its null muxer, both decoding sound and picture, on the same clips,
# three times each, taken in turn; the best wall time (/proc/uptime, 10 ms) and the peak memory
# each reports (ffmpeg's -benchmark maxrss, in kB before FFmpeg 7 and KiB since; playhead's
# --stats peak-rss).
bench_decode() {
  for name in bench_360p30.mp4 bench_720p30.mp4; do
    clip=$BOARD_SHARE/media/$name
    [ -s "$clip" ] || { echo "BENCH-ERROR $clip is missing"; continue; }
    line="BENCH-DECODE $name"
    for run in 1 2 3; do
      t0=$(uptime_cs)
      ffmpeg -hide_banner -benchmark -threads 2 -i "$clip" -f null - 2> /tmp/decode-ffmpeg.err \
        || { echo "BENCH-ERROR ffmpeg failed on $clip: $(tail -1 /tmp/decode-ffmpeg.err)"; break; }
      t1=$(uptime_cs)
      playhead --untimed --video-output null --audio-output null --decode-threads 2 --stats --events none "$clip" \
        2> /tmp/decode-playhead.err || { echo "BENCH-ERROR playhead failed on $clip: $(tail -1 /tmp/decode-playhead.err)"; break; }
      t2=$(uptime_cs)
      line="$line run$run: ffmpeg-cs=$((t1 - t0)) ffmpeg-rss-kb=$(sed -n 's/.*maxrss=\([0-9]*\)[kK]i\{0,1\}B.*/\1/p' /tmp/decode-ffmpeg.err)"
      line="$line playhead-cs=$((t2 - t1)) playhead-rss-mb=$(sed -n 's/.*peak-rss=\([0-9]*\)MB.*/\1/p' /tmp/decode-playhead.err)"
      line="$line playhead-frames=$(sed -n 's/.*stats: presented=\([0-9]*\).*/\1/p' /tmp/decode-playhead.err)"
    done
    echo "$line"
  done
}

# Remote control costs no frames: the 360p clip on vkms twice with the HTTP API on, the second
# time polled from the host (boot/http_poller.py, through QEMU's forwarded port) for status and
# metrics, 20 times a second each, from the API's start to the clip's end.
bench_http() {
  clip=$BOARD_SHARE/media/bench_360p30.mp4
  load virtio_net || { echo "BENCH-ERROR virtio_net did not load"; return; }
  dev=$(ls /sys/class/net | grep -v '^lo$' | head -1)
  ip link set "$dev" up && ip addr add 10.0.2.15/24 dev "$dev" 2>/dev/null
  echo "bench-http-token-0123456789" > /tmp/http-token
  for phase in quiet polled; do
    playhead --video-output drm --display-mode 640x480 --stats --events none --http-listen 0.0.0.0:8080 \
      --http-token-file /tmp/http-token "$clip" 2> /tmp/bench-http.err &
    pid=$!
    if [ $phase = polled ]; then
      for i in $(seq 100); do grep -q "HTTP API listening" /tmp/bench-http.err && break; sleep 0.1; done
      echo "BENCH-HTTP-POLL start"
    fi
    wait $pid
    [ $phase = polled ] && echo "BENCH-HTTP-POLL stop"
    echo "BENCH-HTTP phase=$phase $(grep -h 'playhead: display:\|playhead: process:' /tmp/bench-http.err | tr '\n' ' ')"
  done
}

uptime_cs() { awk '{ printf "%d", $1 * 100 }' /proc/uptime; }

# Press to action: 20 presses of a gpio-sim line mapped to `toggle`, timed from the kernel's
# edge timestamp to the command carried out (playhead's own count, read with `gpio`); once with
# the default 30 ms debounce, which is part of every press, and once without, which leaves the
# path itself: the edge read, the machine, the command.
bench_buttons() {
  sim=/sys/devices/platform/$(cat "$GPIO_SIM/dev_name")/$(gpio_sim_chip)
  sock=/tmp/bench-buttons.sock
  result=""
  for debounce in 30 0; do
    printf 'button.play = line=play press=toggle\nbutton-debounce-ms = %s\n' $debounce > /tmp/bench-buttons.conf
    playhead --config /tmp/bench-buttons.conf --video-output null --audio-output null --socket $sock --loop \
      --events none /usr/share/playhead/media/demo.mp4 2> /tmp/bench-buttons.err &
    pid=$!
    for i in $(seq 100); do ph-socket $sock gpio 2>/dev/null | grep -q '"buttons":"ready"' && break; sleep 0.1; done
    for i in $(seq 20); do
      echo pull-down > "$sim/sim_gpio0/pull"; sleep 0.15; echo pull-up > "$sim/sim_gpio0/pull"; sleep 0.15
    done
    sleep 0.3
    latency=$(ph-socket $sock gpio | sed -n 's/.*"latency":"\([^"]*\)".*/\1/p')
    kill $pid; wait $pid || true
    result="$result debounce-$debounce=\"$latency\""
  done
  echo "BENCH-GPIO$result"
}

board_shell() {
  say "shell on the serial console; 'poweroff -f' leaves"
  setsid cttyhack sh -l
}
