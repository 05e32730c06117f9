# The hardware watchdog, with the kernel's softdog standing in for the board's (told not to
# reboot, so each time it would have reset the board is a line in the kernel log): fed while
# playhead plays, it does not fire; when the playback loop is wedged on purpose (`debug wedge`,
# a test-only command) it fires; after a clean stop (the magic close) it does not; after a
# kill -9 (no magic close) it fires again.
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
ev="$OUT/21-watchdog.events"
err="$OUT/21-watchdog.err"
sock=/tmp/playhead-watchdog.sock
load softdog soft_noboot=1 || exit 1
mdev -s
[ -c /dev/watchdog ] || { echo "no /dev/watchdog after loading softdog"; exit 1; }
fired() { dmesg | grep -c "softdog: Triggered - Reboot ignored" || true; }
# Waits up to $2 s for more than $1 firings (polled: the firing comes at the timeout's end).
fires_after() {
  end=$(($(cut -d. -f1 /proc/uptime) + $2))
  while [ "$(cut -d. -f1 /proc/uptime)" -le "$end" ]; do [ "$(fired)" -gt "$1" ] && return 0; sleep 0.2; done
  return 1
}
start() {
  playhead --watchdog-device /dev/watchdog --watchdog-timeout 3 --debug-commands --video-output drm --display-mode 640x480 \
    --audio-output alsa --audio-device hw:Loopback,0,0 --loop --socket $sock --events text $M/demo.mp4 >> "$ev" 2>> "$err" &
  pid=$!
  waitfor "readyForDisplay"
}
: > "$ev"; : > "$err"
start
grep -q "watchdog /dev/watchdog: timeout 3 s" "$err" || { echo "playhead did not say it feeds the watchdog"; cat "$err"; exit 1; }
# Two timeouts and more of playing (the demo loops): fed all along.
sleep 7
[ "$(fired)" = 0 ] || { echo "the watchdog fired while playhead played"; dmesg | tail -5; exit 1; }
# The loop wedged for 5 s: no feeding, so it fires within its 3 s.
wedged=$(cut -d. -f1 /proc/uptime)
ph-socket $sock "debug wedge 5" > /dev/null
fires_after 0 6 || { echo "the watchdog did not fire while the playback loop was wedged"; exit 1; }
# The loop comes back and feeds again; then a clean stop closes the watchdog with the magic.
while [ "$(cut -d. -f1 /proc/uptime)" -lt $((wedged + 7)) ]; do sleep 0.2; done
kill $pid; wait $pid || true
n=$(fired)
if fires_after "$n" 5; then echo "the watchdog fired after a clean stop (no magic close?)"; exit 1; fi
# kill -9 leaves it armed without a feeder: it fires again. The events begin anew, so the wait
# is for this start's first picture, not the last run's (a slow board was killed before it
# had opened the watchdog).
: > "$ev"
start
sleep 2
kill -9 $pid; wait $pid || true
fires_after "$n" 6 || { echo "the watchdog did not fire after playhead was killed"; exit 1; }
grep -q "debug: the playback loop is blocked for 5.0 s on purpose" "$err" || { echo "the wedge was not logged"; exit 1; }
echo "RESULT watchdog: fed while playing, fired $((n)) time(s) while wedged, silent after a clean stop, fired after kill -9"
