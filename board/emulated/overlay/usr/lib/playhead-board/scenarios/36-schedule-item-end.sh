# A schedule's change at the end of the item (issue 35, `schedule-change = item-end`): Berlin's
# 01:00 part (loop_1s.mp4) comes due two seconds after the 5 s demo's first frame; playhead says
# the change waits, lets the demo play to its end, then plays the new part's clip. The guest's
# clock is set for it and put back after.
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
before=$(date +%s) before_up=$(cut -d' ' -f1 /proc/uptime)
echo "synchronised=yes since=1780354798 source=ntp:test" > /tmp/36-clock
cat > "$OUT/item-end.conf" <<CONF
loop = yes
timezone = Europe/Berlin
clock-file = /tmp/36-clock
schedule-change = item-end
schedule.daily = 00:00 default, 01:00 $M/loop_1s.mp4
CONF
# 00:59:50 in Berlin's summer time: the default part is in force at start.
date -u -s "2026-06-01 22:59:50" > /dev/null
ev=$OUT/item-end.events
playhead --config "$OUT/item-end.conf" --video-output null --audio-output null --events text "$M/demo.mp4" > "$ev" 2> "$OUT/item-end.err" &
pid=$!
waitfor "currentItemChanged.*demo.mp4" || { kill $pid; exit 1; }
# The part comes due 2 s from now: 22:59:58 UTC.
date -u -s "2026-06-01 22:59:58" > /dev/null
set0=$(cut -d' ' -f1 /proc/uptime)
changed=never
for i in $(seq 150); do
  grep -q "currentItemChanged.*loop_1s.mp4" "$ev" && { changed=$(awk -v u0="$set0" -v u="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.2f", u - u0 - 2 }'); break; }
  sleep 0.05
done
kill -TERM $pid
wait $pid || true
date -s "@$(awk -v b="$before" -v u0="$before_up" -v u="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%d", b + u - u0 }')" > /dev/null
cat "$OUT/item-end.err"
echo "RESULT schedule item-end: the 01:00 part's clip came $changed s after its time"
[ "$changed" != never ] || { echo "the part's clip never came"; cat "$ev"; exit 1; }
# The demo had about 3 s to play at the part's time: the change came with its end, not at once.
awk -v c="$changed" 'BEGIN { exit !(c >= 1.0 && c <= 6.0) }' || { echo "the change came $changed s after its time, not at the demo's end"; exit 1; }
grep -q "schedule: $M/loop_1s.mp4 waits for the end of the item playing (at most 600 s)" "$OUT/item-end.err"
# The demo played to its end before the new clip: its didPlayToEndTime comes first.
awk '/didPlayToEndTime.*demo.mp4/ { ended = NR } /currentItemChanged.*loop_1s.mp4/ { if (!changed) changed = NR } END { exit !(ended && ended < changed) }' "$ev" \
  || { echo "the new clip came before the demo ended"; cat "$ev"; exit 1; }
