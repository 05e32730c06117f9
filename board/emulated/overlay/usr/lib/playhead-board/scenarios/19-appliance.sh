# The appliance's own start: rcS (device groups, /data), then the supervisor exactly as inittab
# runs it (as root; it starts playhead as the playhead user). Checked: playhead runs as playhead
# with the device groups and plays; a kill -9 is followed by a new playhead within the back-off;
# a broken options file (every start fails) ends in safe mode, which shows the slate and says why.
# time-limit: 120
# arches: x86_64 arm64
. /usr/lib/playhead-board/board.sh
run=/run/playhead-supervise
sock=/run/playhead/control.sock
conf=/tmp/19-appliance.conf
log=$OUT/19-supervise.log
cat > "$conf" <<'CONF'
video-output = drm
display-mode = 640x480
audio-output = alsa
loop = yes
playlist = /etc/playhead/demo.m3u
console = off
socket = /run/playhead/control.sock
state-file = /var/lib/playhead/state
state-interval = 1
CONF
chmod 644 "$conf"

/etc/init.d/rcS
for d in /dev/dri/card0 /dev/snd/controlC0; do
  perm=$(stat -c '%G %a' "$d")
  [ "${perm% *}" != root ] || { echo "$d is $perm: mdev.conf did not give it its group"; exit 1; }
  echo "$d: $perm"
done

playhead_pid() { pidof playhead | awk '{print $1}'; }
# Waits for a playhead other than $1 that answers `status` on its socket with state $2.
wait_new() {
  for i in $(seq 150); do
    p=$(playhead_pid)
    if [ -n "$p" ] && [ "$p" != "$1" ] && [ -S "$sock" ] && ph-socket "$sock" status > /tmp/19-status 2>/dev/null \
       && grep -q "\"state\":\"$2\"" /tmp/19-status; then
      echo "$p"; return 0
    fi
    sleep 0.2
  done
  echo "no new playhead ($2) after $1; supervisor says:" >&2; cat "$log" >&2; cat /tmp/19-status >&2 2>/dev/null; return 1
}

CRASH_LIMIT=3 CRASH_WINDOW=120 BACKOFF_MAX=4 SAFE_SECONDS=600 PLAYHEAD_ARGS="--config $conf --events none" \
  /usr/lib/playhead/supervise > "$log" 2>&1 &
sup=$!
trap 'kill $sup 2>/dev/null; killall playhead 2>/dev/null; sleep 1' EXIT

first=$(wait_new none playing)
uid=$(awk '/^Uid:/{print $2}' /proc/$first/status)
groups=$(awk '/^Groups:/{$1=""; print}' /proc/$first/status)
echo "playhead $first: uid $uid, groups$groups"
[ "$uid" = 100 ] || { echo "playhead runs as uid $uid, not the playhead user (100)"; exit 1; }
for g in 29 44; do case " $groups " in *" $g "*) ;; *) echo "playhead lacks group $g"; exit 1 ;; esac; done
grep -q '"item":"/usr/share/playhead/media/demo.mp4"' /tmp/19-status || { echo "not playing the demo playlist"; cat /tmp/19-status; exit 1; }

# kill -9: the supervisor starts it again after its first back-off (1 s), and it resumes at the
# place the state file on /data kept (written every second here).
sleep 2.5
state=/var/lib/playhead/state
t0=$(cut -d' ' -f1 /proc/uptime)
kill -9 "$first"
cat "$state"
saved_item=$(sed -n 's/^item=//p' "$state")
saved_at=$(sed -n 's/^seconds=//p' "$state")
[ -n "$saved_item" ] && [ -n "$saved_at" ] || { echo "no place in $state after kill -9"; ls -l /data/state; exit 1; }
second=$(wait_new "$first" playing)
resumed_at=$(sed -n 's/.*"time":\([0-9.]*\).*/\1/p' /tmp/19-status)
grep -q "\"item\":\"$saved_item\"" /tmp/19-status || { echo "resumed another item than $saved_item"; cat /tmp/19-status; exit 1; }
awk -v r="$resumed_at" -v s="$saved_at" 'BEGIN { exit !(r >= s - 0.25 && r <= s + 2) }' \
  || { echo "resumed at $resumed_at s, saved at $saved_at s"; exit 1; }
echo "resumed $saved_item at $resumed_at s (saved at $saved_at s)"
t1=$(cut -d' ' -f1 /proc/uptime)
took=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
echo "after kill -9: playhead $second playing again in $took s"
grep -q "playhead was killed by signal 9 after [0-9]*s; starting it again in 1s" "$log" || { echo "the supervisor did not say why"; cat "$log"; exit 1; }

# Every start now fails (a bad line): 3 failures within the window end in safe mode.
echo "volume = loud" >> "$conf"
kill -9 "$second"
safe=$(wait_new "$second" playing)
ph-socket "$sock" status > /tmp/19-status
grep -q '"safe-mode":"playhead stopped 3 times in 2 minutes, last: exited 64 (bad options or options file)"' /tmp/19-status \
  || { echo "status does not show safe mode and why"; cat /tmp/19-status; cat "$log"; exit 1; }
grep -q '"item":"/usr/share/playhead/slate.mp4"' /tmp/19-status || { echo "safe mode is not showing the slate"; cat /tmp/19-status; exit 1; }
[ -f $run/safe-mode ] || { echo "no $run/safe-mode"; exit 1; }
# Two kills and one start failing with 64 make the three.
fails=$(grep -c "^playhead-supervise: playhead exited 64 " "$log")
[ "$fails" = 1 ] || { echo "want 1 start failing with 64 before safe mode, not $fails"; cat "$log"; exit 1; }
cat "$log"
echo "RESULT appliance: runs as uid $uid with groups$groups; back after kill -9 in $took s at its place ($resumed_at s, saved $saved_at s); safe mode after 3 failures"
