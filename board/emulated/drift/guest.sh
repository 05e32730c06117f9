# One guest's half of `make board-wall-drift` (boot/wall_drift.py types `ROLE=... sh
# /host/drift/guest.sh` at the board's shell): a sync group of two boards, the leader in one
# QEMU guest and the follower in another, joined by QEMU's own network (a datagram socket pair
# between the two QEMUs, nothing of the host's). In the follower's guest the clock runs fast
# (adjtimex, SKEW in 2^-16 ppm), and both guests delay what they send (netem DELAY ms +- JITTER),
# so the follower has real drift to correct over a real jittering link, which three players in
# one guest never have (one clock).
# For each VARIANT in turn: `leader` (playhead's own estimate of the leader's clock, no time
# service) and `system` (Debian's chronyd in both guests, the leader's serving its own clock,
# the follower's disciplining its clock to it; the group's clock is then CLOCK_REALTIME).
# The follower plays RUN seconds, is stopped and started again (its rejoin) and plays REJOIN
# seconds more. The two guests wait on each other through files in the share they both mount.
# What each wrote lands in /host/out/ROLE/: flip traces, `status` once a second, the follower's
# corrections (playhead's debug lines, stamped on the monotonic clock), chronyc tracking, and
# both clocks read together once a second (drift/clock-pair, also sent to the host's console).
set -u
. /usr/lib/playhead-board/board.sh
D=/host/drift
O=/host/out/$ROLE
M=/usr/share/playhead/media
IP=/usr/libexec/iproute2/ip
TC=/usr/libexec/iproute2/tc
SOCK=/tmp/ph.sock
mkdir -p "$O"
now() { cut -d' ' -f1 /proc/uptime; }
note() { echo "$(now) $*" >> "$O/times.txt"; echo "DRIFT $ROLE: $*"; }
fail() { note "fail: $*"; echo "DRIFT-FAIL $ROLE: $*"; exit 1; }
# Waits up to $2 seconds for file $1 in the share (the other guest's sign).
await() { i=0; while [ ! -e "$1" ]; do i=$((i + 1)); [ $i -le $(($2 * 5)) ] || return 1; sleep 0.2; done; }

: > "$O/times.txt"
# playhead's command line says everything: the appliance's options file would add its playlist.
mv /etc/playhead/playhead.conf /etc/playhead/playhead.conf.appliance 2>/dev/null
load virtio_net || fail "virtio_net did not load"
load sch_netem || fail "sch_netem did not load"
if [ "$ROLE" = leader ]; then me=1 peer=2; else me=2 peer=1; fi
$IP link set eth0 up || fail "no eth0 (QEMU's network between the guests)"
$IP addr add 10.99.0.$me/24 dev eth0
$IP route add 224.0.0.0/4 dev eth0
# Every datagram each guest sends waits DELAY ms +- JITTER: both ways, as between two switches.
$TC qdisc add dev eth0 root netem delay "${DELAY}ms" "${JITTER}ms" || fail "netem refused delay ${DELAY}ms ${JITTER}ms"
cp "$D/sync.key" /tmp/sync.key
# The skewed clock: the kernel's frequency offset, as a crystal off by SKEW/65536 ppm.
if [ "$ROLE" = follower ]; then
  adjtimex -f "$SKEW" > /dev/null || fail "adjtimex -f $SKEW refused"
fi
note "clock frequency $(adjtimex | grep -i freq | tr -s ' ')"
# Both clocks once a second, here and on the host's console (the host's clock is the truth).
"$D/clock-pair" 1000 "$O/clocks.txt" /dev/ttyS0 &
pairs=$!
for i in $(seq 50); do ping -c 1 -W 1 10.99.0.$peer > /dev/null 2>&1 && break; sleep 0.2; done
note "network up, the peer at 10.99.0.$peer answers: $(ping -c 3 10.99.0.$peer 2>&1 | tail -1)"

# chronyd, Debian's (the host's package, its libraries beside it in the share).
chrony_up() {
  mkdir -p /run/chrony /var/lib/chrony && chmod 750 /run/chrony
  if [ "$ROLE" = leader ]; then
    # No source: its own clock, served as stratum 8 to the network.
    printf 'local stratum 8\nallow 10.99.0.0/24\ncmdport 0\nrtcsync\n' > /tmp/chrony.conf
  else
    # Polled every 0.25 to 1 s (a LAN), stepped only while it first settles. rtcsync, as in
    # Debian's own chrony.conf: only then does chronyd on Linux clear the kernel's STA_UNSYNC,
    # which is how playhead (and anything else) learns that the clock is kept.
    printf 'server 10.99.0.1 iburst minpoll -2 maxpoll 0\nmakestep 0.1 5\ncmdport 0\nrtcsync\n' > /tmp/chrony.conf
  fi
  LD_LIBRARY_PATH=$D/chrony "$D/chrony/chronyd" -d -u root -f /tmp/chrony.conf > "$O/chronyd.log" 2>&1 &
  chronyd_pid=$!
  for i in $(seq 50); do [ -S /run/chrony/chronyd.sock ] && break; sleep 0.2; done
  [ -S /run/chrony/chronyd.sock ] || fail "chronyd did not start: $(tail -3 "$O/chronyd.log")"
}
chronyc() { LD_LIBRARY_PATH=$D/chrony "$D/chrony/chronyc" "$@"; }
# chronyc tracking every 10 s, one line each: uptime, then its fields joined by '|'.
tracking_log() {
  while :; do
    echo "$(now) $(chronyc tracking 2>&1 | tr '\n' '|')" >> "$O/tracking-$1.txt"
    sleep 10
  done
}

# start NAME CLOCK: playhead on the board's screen (160x120 at 30 Hz, the clips' size, as in
# scenario 41), its log lines stamped with this guest's monotonic time as they come.
start() {
  rm -f /tmp/ph.fifo && mkfifo /tmp/ph.fifo
  awk '{ getline u < "/proc/uptime"; close("/proc/uptime"); split(u, a, " "); print a[1], $0; fflush() }' \
    < /tmp/ph.fifo > "$O/$1.log" &
  stamp_pid=$!
  sync="--sync-group wall --sync-role $ROLE --sync-key-file /tmp/sync.key --sync-interface eth0 --sync-clock $2"
  playhead --video-output drm --drm-card /dev/dri/card0 --display-force-mode 160x120@30 --audio-output null --loop \
    $sync --socket $SOCK --flip-trace "$O/flips-$1.txt" --console off --log-level debug \
    $M/wall_a.mp4 $M/wall_b.mp4 $M/wall_a.mp4 > /tmp/ph.fifo 2>&1 &
  ph_pid=$!
  note "started $1"
  for i in $(seq 100); do [ -S $SOCK ] && break; sleep 0.1; done
  # `status` once a second: the offset playhead reports, its corrections counted, its clock.
  ( while :; do echo "$(now) $(ph-socket $SOCK status 2>&1)" >> "$O/status-$1.txt"; sleep 1; done ) &
  poll_pid=$!
}
stop() {
  kill $poll_pid 2>/dev/null; wait $poll_pid 2>/dev/null
  kill $ph_pid; wait $ph_pid
  note "stopped $1 (exit $?)"
  wait $stamp_pid 2>/dev/null
  rm -f $SOCK
}

for V in $VARIANTS; do
  case $V in leader|system) ;; *) fail "unknown variant '$V' (leader or system)" ;; esac
  if [ $V = system ]; then
    chrony_up
    tracking_log $V &
    track_pid=$!
    if [ "$ROLE" = follower ]; then
      # Synchronised: chronyd's correction under 1 ms, tried once a second for 3 minutes.
      chronyc waitsync 180 0.001 0 1 > "$O/waitsync.txt" 2>&1 || fail "chronyd did not synchronise in 3 minutes: $(tail -2 "$O/waitsync.txt")"
      note "chrony synchronised: $(chronyc tracking | grep -E 'System time|Frequency' | tr -s ' ' | tr '\n' ';')"
      touch "$O/synced-$V"
    fi
  fi
  if [ "$ROLE" = leader ]; then
    [ $V = system ] && { await "/host/out/follower/synced-$V" 240 || fail "the follower's chronyd never synchronised"; }
    start $V-leader $V
    sleep 3
    touch "$O/playing-$V"
    await "/host/out/follower/done-$V" $((RUN + REJOIN + 300)) || fail "the follower never finished $V"
    stop $V-leader
  else
    await "/host/out/leader/playing-$V" 300 || fail "the leader never started $V"
    start $V-follower $V
    sleep "$RUN"
    stop $V-follower
    # Its rejoin: started again mid-item after two seconds gone.
    sleep 2
    start $V-rejoin $V
    sleep "$REJOIN"
    stop $V-rejoin
    grep -h "sync wall" "$O/$V-follower.log" | head -3
    touch "$O/done-$V"
  fi
  if [ $V = system ]; then
    chronyc sourcestats > "$O/sourcestats-$V.txt" 2>&1
    chronyc tracking > "$O/tracking-end-$V.txt" 2>&1
    kill $track_pid; kill $chronyd_pid; wait $chronyd_pid 2>/dev/null
  fi
  note "variant $V done"
done
kill $pairs
echo "DRIFT-DONE $ROLE"
