# Opening hours (issue 35): a schedule in Berlin's time (Debian's tzdata) across the night its
# clocks jump from 02:00 to 03:00. The guest's clock is set to ten seconds before that jump
# (2026-03-29 00:59:50 UTC); the clock file says NTP set it. The part at 02:30, a time that night
# never has, starts when the clock jumps (01:00:00 UTC): the playlist changes to its clip within
# a second (`status` polled, the guest's time noted). Then the clock is stepped a minute forward
# as NTP would: the `off` part at 03:01 (01:01:00 UTC) switches the screen off (the CRTC's ACTIVE
# read back from the kernel) and pauses playback within a second. Stepped on to 08:00, the
# default playlist's part switches the screen on again: the CRTC is active, and writeback captures
# follow. `schedule` on the socket shows the day's parts and the next change. The guest's clock
# is put back after.
# kernels: 7
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
before=$(date +%s) before_up=$(cut -d' ' -f1 /proc/uptime)
echo "synchronised=yes since=1774745990 source=ntp:test" > /tmp/32-clock
cat > "$OUT/schedule.conf" <<CONF
loop = yes
timezone = Europe/Berlin
clock-file = /tmp/32-clock
schedule.daily = 00:00 $M/h264_aac.mp4, 02:30 $M/loop_1s.mp4, 03:01 off, 08:00 default
CONF
sock=/tmp/32-schedule.sock
# busybox's date has no fractions of a second: the uptime (to 10 ms) since the clock was set
# tells the wall-clock time from here on.
date -u -s "2026-03-29 00:59:50" > /dev/null
set0=$(cut -d' ' -f1 /proc/uptime)
state=/sys/kernel/debug/dri/0/state
active() { sed -n 's/^\s*active=\([01]\)$/\1/p' $state | head -1; }
mkdir -p "$OUT/frames-schedule"
playhead --config "$OUT/schedule.conf" --video-output drm --display-mode 640x480 --audio-output null --socket "$sock" --events none \
  --capture-every 10 --capture-dir "$OUT/frames-schedule" "$M/demo.mp4" 2> "$OUT/schedule.err" &
pid=$!
for i in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
ph-socket "$sock" schedule > "$OUT/schedule-reply.txt"
cat "$OUT/schedule-reply.txt"
# until_status PATTERN EPOCH UPTIME: polls `status` until it matches; prints the wall-clock time
# then, from the clock set to EPOCH at UPTIME.
until_status() {
  for i in $(seq 300); do
    ph-socket "$sock" status > "$OUT/schedule-status.txt" 2>/dev/null
    grep -q "$1" "$OUT/schedule-status.txt" && { awk -v e="$2" -v u0="$3" -v u="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.2f\n", e + u - u0 }'; return 0; }
    sleep 0.05
  done
  echo "never"
}
first=$(until_status 'h264_aac.mp4' 1774745990 "$set0")
jump=$(until_status 'loop_1s.mp4' 1774745990 "$set0")
date -u -s "2026-03-29 01:00:59" > /dev/null
set1=$(cut -d' ' -f1 /proc/uptime)
off=$(until_status '"state":"paused"' 1774746059 "$set1")
for i in $(seq 20); do [ "$(active)" = 0 ] && break; sleep 0.1; done
off_active=$(active)
ph-socket "$sock" status > "$OUT/schedule-off-status.txt"
captured_off=$(ls "$OUT/frames-schedule" | wc -l)
# 08:00 in Berlin's summer time is 06:00 UTC: the default playlist, the screen on.
date -u -s "2026-03-29 05:59:59" > /dev/null
set2=$(cut -d' ' -f1 /proc/uptime)
on=$(until_status '"screen":"on"' 1774763999 "$set2")
for i in $(seq 20); do [ "$(active)" = 1 ] && break; sleep 0.1; done
on_active=$(active)
# The default playlist opens its clip anew; a capture every ten frames follows (1.2 s and more
# than 2 s after the switch in two runs of the whole test on a busy machine).
waited=0
while [ "$(ls "$OUT/frames-schedule" | wc -l)" -le "$captured_off" ] && [ $waited -lt 100 ]; do sleep 0.1; waited=$((waited + 1)); done
captured_on=$(ls "$OUT/frames-schedule" | wc -l)
kill -TERM $pid
wait $pid || true
date -s "@$(awk -v b="$before" -v u0="$before_up" -v u="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%d", b + u - u0 }')" > /dev/null
cat "$OUT/schedule.err"
echo "RESULT schedule: the morning's first clip at $first, the 02:30 part at $jump (due 1774746000), off at $off (due 1774746060), on at $on (due 1774764000)"
echo "RESULT screen-power: CRTC active=$off_active while off, active=$on_active after on; captures $captured_off before on, $captured_on $((waited / 10)).$((waited % 10)) s after"
[ "$first" != never ] && [ "$jump" != never ] && [ "$off" != never ] || { echo "a part did not come"; exit 1; }
# Within a second of its time (and not before it).
late() { awk -v t="$1" -v due="$2" 'BEGIN { d = t - due; exit !(d >= 0 && d < 1.0) }'; }
late "$jump" 1774746000 || { echo "the 02:30 part came at $jump, not within a second of 01:00:00 UTC"; exit 1; }
late "$off" 1774746060 || { echo "the off part came at $off, not within a second of 01:01:00 UTC"; exit 1; }
late "$on" 1774764000 || { echo "the 08:00 part came at $on, not within a second of 06:00:00 UTC"; exit 1; }
[ "$off_active" = 0 ] || { echo "the CRTC stayed active with the screen off"; exit 1; }
[ "$on_active" = 1 ] || { echo "the CRTC is not active after the screen came on"; exit 1; }
grep -q '"screen":"off"' "$OUT/schedule-off-status.txt"
[ "$captured_on" -gt "$captured_off" ] || { echo "no picture was captured after the screen came on"; exit 1; }
grep -q "display: off (the CRTC is inactive, its mode 640x480" "$OUT/schedule.err"
grep -q "display: on (640x480" "$OUT/schedule.err"
grep -q '"timezone":"Europe/Berlin"' "$OUT/schedule-reply.txt"
grep -q '"today":\["00:00 '"$M"'/h264_aac.mp4","02:30 '"$M"'/loop_1s.mp4","03:01 off","08:00 default"\]' "$OUT/schedule-reply.txt"
grep -q '"next":"2026-03-29 03:00:00 '"$M"'/loop_1s.mp4"' "$OUT/schedule-reply.txt"
grep -q "schedule: playing $M/loop_1s.mp4 until 2026-03-29 03:01:00 (then off)" "$OUT/schedule.err"
grep -q "schedule: screen off until 2026-03-29 08:00:00 (then default)" "$OUT/schedule.err"
