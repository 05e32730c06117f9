# The screen's power and the schedule's change (issue 35), five times each:
# - `display on` to the first picture: the CRTC active again with its first (black) buffer, then
#   the primary plane's framebuffer changing in the kernel's own state (polled every 10 ms),
#   beside a cold start of playhead to its first frame on screen;
# - a scheduled change to the new playlist's first frame (its readyForDisplay event, which
#   playhead sends when the display confirms the flip), from the part's time on the guest's
#   clock, beside `next` to the next item's first frame.
# One BENCH-SCREEN line per run; the host reports them (boot/screen_bench.py). Sourced by board.sh.

bench_screen_up() { cut -d' ' -f1 /proc/uptime; }
bench_screen_active() { sed -n 's/^\s*active=\([01]\)$/\1/p' /sys/kernel/debug/dri/0/state | head -1; }
bench_screen_fb() { sed -n 's/^\s*fb=\([0-9]*\)$/\1/p' /sys/kernel/debug/dri/0/state | head -1; }
# bench_screen_wait PATTERN FILE COUNT: uptime once FILE holds more than COUNT lines matching.
bench_screen_wait() {
  for i in $(seq 1000); do
    [ "$(grep -c "$1" "$2")" -gt "$3" ] && { bench_screen_up; return 0; }
    sleep 0.01
  done
  echo never
}

bench_screen() {
  M=/usr/share/playhead/media
  sock=/tmp/bench-screen.sock
  ev=/tmp/bench-screen.events
  before=$(date +%s) before_up=$(bench_screen_up)
  for run in 1 2 3 4 5; do
    # A cold start: the process started to its first frame on screen (since boot, as uptime).
    t0=$(bench_screen_up)
    playhead --video-output drm --display-mode 640x480 --audio-output null --events none --loop \
      --socket $sock "$M/demo.mp4" 2> /tmp/bench-screen.err &
    pid=$!
    for i in $(seq 1000); do grep -q "first frame on screen at" /tmp/bench-screen.err && break; sleep 0.01; done
    first=$(sed -n 's/.*first frame on screen at \([0-9.]*\) s since boot.*/\1/p' /tmp/bench-screen.err | head -1)
    for i in $(seq 100); do [ -S $sock ] && break; sleep 0.05; done
    ph-socket $sock "display off" > /dev/null
    for i in $(seq 100); do [ "$(bench_screen_active)" = 0 ] && break; sleep 0.01; done
    sleep 0.5
    t1=$(bench_screen_up)
    ph-socket $sock "display on" > /dev/null
    for i in $(seq 300); do [ "$(bench_screen_active)" = 1 ] && break; sleep 0.01; done
    black=$(bench_screen_fb) on_at=never
    for i in $(seq 300); do
      fb=$(bench_screen_fb)
      [ -n "$fb" ] && [ "$fb" != "$black" ] && [ "$fb" != 0 ] && { on_at=$(bench_screen_up); break; }
      sleep 0.01
    done
    kill -TERM $pid; wait $pid
    echo "BENCH-SCREEN measure=display-on run=$run start=$t0 first-frame=${first:-never} on=$t1 shown=$on_at"
  done
  # The schedule: Europe/Berlin's 01:00 (23:00 UTC in summer) changes demo.mp4 to h264_aac.mp4;
  # the guest's clock is set 5 s before it for each run (going back puts 00:00's part in force
  # again). `next` from the other item is the reference.
  echo "synchronised=yes since=1780354795 source=ntp:bench" > /tmp/bench-screen.clock
  cat > /tmp/bench-screen.conf <<CONF
loop = yes
timezone = Europe/Berlin
clock-file = /tmp/bench-screen.clock
schedule.daily = 00:00 $M/demo.mp4, 01:00 $M/h264_aac.mp4
CONF
  playhead --config /tmp/bench-screen.conf --video-output drm --display-mode 640x480 --audio-output null --events text \
    --socket $sock "$M/demo.mp4" "$M/h264_aac.mp4" > $ev 2> /tmp/bench-screen.err &
  pid=$!
  for i in $(seq 100); do [ -S $sock ] && break; sleep 0.05; done
  for run in 1 2 3 4 5; do
    # `next`, twice so that the item after it is h264_aac.mp4 once the schedule put demo.mp4 first.
    n=$(grep -c "readyForDisplay.*item=" $ev)
    t0=$(bench_screen_up)
    ph-socket $sock next > /dev/null
    next_at=$(bench_screen_wait "readyForDisplay.*item=" $ev $n)
    sleep 1
    n=$(grep -c "readyForDisplay.*h264_aac.mp4" $ev)
    date -u -s "2026-06-01 22:59:55" > /dev/null
    set0=$(bench_screen_up)
    changed_at=$(bench_screen_wait "readyForDisplay.*h264_aac.mp4" $ev $n)
    echo "BENCH-SCREEN measure=schedule run=$run next=$t0 next-shown=$next_at due=$(awk -v s="$set0" 'BEGIN { printf "%.2f", s + 5 }') shown=$changed_at"
    sleep 1
  done
  kill -TERM $pid; wait $pid
  date -s "@$(awk -v b="$before" -v u0="$before_up" -v u="$(bench_screen_up)" 'BEGIN { printf "%d", b + u - u0 }')" > /dev/null
}
