# The supervisor as inittab runs it (as root; its health check every 6 s, given 3 s each: the
# shipped 10 and 5 make the same arithmetic 20 s longer) and the
# appliance options file's watchdog line, softdog (soft_noboot=1) standing in for the board's
# watchdog. Checked: playhead runs as the playhead user everywhere (real, effective, saved, fs)
# and holds /dev/watchdog open (mdev.conf gives it to the group watchdog); the supervisor is
# root and its folder is root's alone; a junk line in its crash list does not stop it; a
# playhead stopped with SIGSTOP (alive, answering nothing) is killed after 3 missed checks
# (6 s apart, 3 s each: 21-27 s, past the watchdog's 15 s) and started again, while the unfed
# watchdog fires; rcK stops
# it all within its bound.
# time-limit: 170
. /usr/lib/playhead-board/board.sh
state=/run/playhead-supervise
sock=/run/playhead/control.sock
conf=/tmp/25-health.conf
log=$OUT/25-supervise.log
status=/tmp/25-status
fail() { echo "$*"; echo "--- supervisor and playhead said:"; cat "$log"; exit 1; }
uptime_s() { cut -d' ' -f1 /proc/uptime; }

load softdog soft_noboot=1 || exit 1
mdev -s
perm=$(stat -c '%G %a' /dev/watchdog)
[ "$perm" = "watchdog 660" ] || { echo "/dev/watchdog is '$perm', not 'watchdog 660': mdev.conf"; exit 1; }
fired() { dmesg | grep -c "softdog: Triggered - Reboot ignored" || true; }
mkdir -p /run/playhead && chown playhead:playhead /run/playhead
# The board's init set the appliance's options file aside; its watchdog line is what is tested.
wd=$(grep '^watchdog-device' /etc/playhead/playhead.conf.appliance) || { echo "the options file turns no watchdog on"; exit 1; }
cat > "$conf" <<CONF
video-output = drm
display-mode = 640x480
audio-output = alsa
audio-device = hw:Loopback,0,0
loop = yes
playlist = /etc/playhead/demo.m3u
console = off
socket = $sock
$wd
CONF
chmod 644 "$conf"

playhead_pid() { pidof playhead | awk '{print $1}'; }
# A playhead other than $1 answering `status` with state playing, within $2 s.
wait_new() {
  end=$(($(cut -d. -f1 /proc/uptime) + $2))
  while [ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ]; do
    p=$(playhead_pid)
    if [ -n "$p" ] && [ "$p" != "$1" ] && ph-socket "$sock" status > "$status" 2>/dev/null \
       && grep -q '"state":"playing"' "$status"; then
      echo "$p"; return 0
    fi
    sleep 0.2
  done
  echo "no new playhead playing after $1 within $2 s" >&2; return 1
}
holds_watchdog() {
  for f in /proc/$1/fd/*; do [ "$(readlink "$f")" = /dev/watchdog ] && return 0; done
  return 1
}

n0=$(fired)
# A fresh start: 19's crash loop earlier in this boot leaves crashes in the list.
rm -rf "$state"
interval=6 deadline=3
HEALTH_INTERVAL=$interval HEALTH_DEADLINE=$deadline PLAYHEAD_ARGS="--config $conf --events none" /usr/lib/playhead/supervise > "$log" 2>&1 &
sup=$!
trap 'kill $sup 2>/dev/null || true; sleep 1' EXIT
first=$(wait_new none 40) || fail "playhead did not start"
ids=$(awk '/^Uid:/{print $2, $3, $4, $5}' /proc/$first/status)
[ "$ids" = "100 100 100 100" ] || fail "playhead's uids are '$ids', not the playhead user's (100)"
case " $(awk '/^Groups:/{$1=""; print}' /proc/$first/status) " in *" 107 "*) ;; *) fail "playhead is not in group watchdog (107)" ;; esac
holds_watchdog "$first" || fail "playhead ($first) does not hold /dev/watchdog open"
grep -q "watchdog /dev/watchdog: timeout 15 s" "$log" || fail "playhead did not say it feeds the watchdog"
[ "$(awk '/^Uid:/{print $2}' /proc/$sup/status)" = 0 ] || fail "the supervisor is not root"
[ "$(stat -c '%U %a' $state)" = "root 700" ] || fail "$state is $(stat -c '%U %a' $state), not root's alone"
# The same su writes where playhead may: so the refusal is the folder's, not su's.
su -s /bin/sh playhead -c "echo 1 > /run/playhead/25-probe" || fail "su to the playhead user does not work here"
if su -s /bin/sh playhead -c "echo 1 >> $state/crashes || touch $state/planted" 2>/dev/null; then
  fail "the playhead user can write in $state"
fi
echo "playhead $first: uids $ids, holds /dev/watchdog; supervisor $sup: root, $state root 700"

# Junk in the crash list (a torn write): kept out of the arithmetic, the supervisor goes on.
printf 'junk\n$((1/0))\n12abc\n99999999999999999999999\n\n' >> $state/crashes
kill -9 "$first"
second=$(wait_new "$first" 40) || fail "no playhead after kill -9 with junk in the crash list"
kill -0 "$sup" 2>/dev/null || fail "the supervisor died on junk in its crash list"
grep -q "playhead-supervise: playhead was killed by signal 9 after" "$log" || fail "the supervisor did not say why"
if grep -qi "arithmetic\|syntax error\|bad number" "$log"; then fail "the supervisor choked on the junk"; fi

# Alive but answering nothing: its socket's backlog takes the connection, no reply comes.
misses0=$(grep -c "did not answer on $sock" "$log" || true)
t0=$(uptime_s)
kill -STOP "$second"
said=""
for i in $(seq 300); do
  grep -q "playhead ($second) stopped answering: killing it" "$log" && { said=$(uptime_s); break; }
  sleep 0.2
done
[ -n "$said" ] || fail "the supervisor did not kill the stopped playhead within 60 s"
took=$(awk -v a="$t0" -v b="$said" 'BEGIN{printf "%.1f", b-a}')
# Three misses: the first check 0 to $interval s after the stop, each ending at its deadline.
lo=$((2 * interval + 3 * deadline)) hi=$((3 * interval + 3 * deadline))
awk -v t="$took" -v lo=$lo -v hi=$hi 'BEGIN { exit !(t >= lo - 5 && t <= hi + 5) }' || fail "killed $took s after SIGSTOP: 3 misses take $lo-$hi s"
third=$(wait_new "$second" 40) || fail "no playhead after the stopped one was killed"
t1=$(uptime_s)
grep -q "playhead-supervise: playhead stopped answering and was killed after" "$log" || fail "the crash was not counted as a hang"
misses=$(($(grep -c "did not answer on $sock" "$log") - misses0))
[ "$misses" = 3 ] || fail "$misses missed checks before the kill, not 3"
[ "$(fired)" -gt "$n0" ] || fail "the watchdog did not fire while playhead was stopped"
holds_watchdog "$third" || fail "the restarted playhead ($third) does not hold /dev/watchdog"
back=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')

# Shutdown as init does it: rcK stops the supervisor, which stops playhead.
t0=$(uptime_s)
/etc/init.d/rcK
t1=$(uptime_s)
stop=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
if [ -n "$(pidof playhead)" ]; then fail "playhead still runs after rcK"; fi
if kill -0 "$sup" 2>/dev/null && ! grep -q '^State:.*Z' /proc/$sup/status; then fail "the supervisor still runs after rcK"; fi
awk -v t="$stop" 'BEGIN { exit !(t <= 8) }' || fail "rcK took $stop s"
cat "$log"
echo "RESULT supervisor: playhead as uid 100 holding /dev/watchdog; junk in the crash list ignored; SIGSTOP killed after $took s (3 misses), playing again after $back s, watchdog fired $(($(fired) - n0)) time(s); rcK in $stop s"
