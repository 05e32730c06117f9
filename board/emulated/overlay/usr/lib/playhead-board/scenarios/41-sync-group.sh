# A sync group of three players, each on a screen of its own (three cards made through vkms's
# configfs), in one guest (issue 37): the leader in the board's own network namespace, the two
# followers in namespaces of their own joined to it by veth pairs through a bridge, every link
# delayed 4 ms with 2 ms of jitter each way (tc netem), so the group's clock is estimated over a
# network that jitters. All `auto`: the first started leads. A follower is stopped and started
# again mid-item; then the leader is stopped and the followers elect a new one. Each player's
# flip trace ties every page flip to its vblank's time and count; each card's per-frame CRCs say
# what each refresh showed: checks/41-sync-group.py compares the screens refresh by refresh on the
# guest's one monotonic clock. SYNC_RUN (seconds before the faults, 40 here; make bench: 300).
# The group's timeline is judged, the screens only printed (under TCG, three players and three
# vkms screens on two host cores, the guest stalls for up to a second and flips land late).
# kernels: 7
# time-limit: 300
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
IP=/usr/libexec/iproute2/ip
TC=/usr/libexec/iproute2/tc
RUN=$(sed -n 's/.*playhead\.sync_run=\([0-9]*\).*/\1/p' /proc/cmdline | grep . || echo 40)
fail() { echo "$*"; exit 1; }
# /proc/uptime counts as CLOCK_MONOTONIC does on a board that never sleeps: the traces' clock.
now() { cut -d' ' -f1 /proc/uptime; }

load veth
load bridge
load sch_netem
configfs_card sync0 1 0
c0=$card
configfs_card sync1 1 0
c1=$card
configfs_card sync2 1 0
c2=$card
echo "cards: leader $c0, followers $c1 $c2"

# The network: br0 in the board's namespace, f1 and f2 behind veth pairs.
$IP link add br0 type bridge mcast_snooping 0
$IP addr add 10.77.0.1/24 dev br0
$IP link set br0 up
$IP route add 224.0.0.0/4 dev br0
n=1
for ns in f1 f2; do
  $IP netns add $ns
  $IP link add v$n type veth peer name w$n netns $ns
  $IP link set v$n master br0
  $IP link set v$n up
  $IP -n $ns link set lo up
  $IP -n $ns addr add 10.77.0.$((n + 1))/24 dev w$n
  $IP -n $ns link set w$n up
  $IP -n $ns route add 224.0.0.0/4 dev w$n
  $TC qdisc add dev v$n root netem delay 4ms 2ms
  $IP netns exec $ns $TC qdisc add dev w$n root netem delay 4ms 2ms
  n=$((n + 1))
done
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > /tmp/sync.key

# start NAME NS CARD INTERFACE: one player; its trace, log and socket by NAME.
start() {
  pre=
  [ "$2" = - ] || pre="$IP netns exec $2"
  # 160x120 at 30 Hz, the clips' own size: scanned out as decoded, nothing scaled or converted,
  # and vkms composes (and sums) each screen 30 times a second, so that three players and their
  # screens keep up under emulation (TCG); one refresh is then 33 ms.
  $pre playhead --video-output drm --drm-card /dev/dri/$3 --display-force-mode 160x120@30 --audio-output null --loop \
    --sync-group wall --sync-role auto --sync-key-file /tmp/sync.key --sync-interface $4 --sync-clock leader \
    --socket /tmp/$1.sock --flip-trace "$OUT/flips-$1.txt" --console off --log-level info \
    $M/wall_a.mp4 $M/wall_b.mp4 > "$OUT/$1.log" 2>&1 &
  eval "pid_$1=\$!"
  echo "started $1 at $(now)" >> "$OUT/times.txt"
  for i in $(seq 100); do grep -q "first frame on screen" "$OUT/$1.log" && break; sleep 0.1; done
  # The card's CRC of every refresh while this player shows (its CRTC is on only then).
  d=/sys/kernel/debug/dri/${3#card}/crtc-0/crc
  echo auto > $d/control
  cat $d/data > "$OUT/crc-$1.txt" &
  eval "crc_$1=\$!"
}
stop() {
  eval "kill \$pid_$1; wait \$pid_$1 || true; kill \$crc_$1 2>/dev/null || true"
  rm -f /tmp/$1.sock
  echo "stopped $1 at $(now)" >> "$OUT/times.txt"
}
leads() { ph-socket /tmp/$1.sock status | grep -q '"leads":true'; }

: > "$OUT/times.txt"
start a - $c0 br0
sleep 3.3
start b f1 $c1 w1
sleep 1.7
start c f2 $c2 w2
sleep "$RUN"
for p in a b c; do echo "$p: $(ph-socket /tmp/$p.sock status | tr ',' '\n' | grep -E '"(leads|clock|offset-ms|jumps|nudges|members)"' | tr '\n' ' ')"; done
leads a || fail "a, started first, does not lead"

# A follower stopped and started again mid-item: it rejoins.
stop c
sleep 2
start c2 f2 $c2 w2
sleep 12
# The leader goes: a new one within 2 s.
stop a
t0=$(now)
new=
for i in $(seq 50); do
  for p in b c2; do leads $p && new=$p; done
  [ -n "$new" ] && break
  sleep 0.1
done
took=$(awk -v a="$t0" -v b="$(now)" 'BEGIN{printf "%.2f", b-a}')
[ -n "$new" ] || fail "no new leader within 5 s of the leader going"
echo "new leader: $new, $took s after the leader went"
echo "new leader $new $took" >> "$OUT/times.txt"
awk -v t="$took" 'BEGIN{exit !(t <= 2.0)}' || fail "the new leader took $took s (want at most 2)"
sleep 15
stop b
stop c2
for p in b c2; do grep -E "sync wall" "$OUT/$p.log" | head -5; done
for p in a b c c2; do echo "$p: $(wc -l < "$OUT/crc-$p.txt") CRCs, $(grep -c '^flip' "$OUT/flips-$p.txt") flips, $(grep -c '^late-drop' "$OUT/flips-$p.txt") dropped late"; done
