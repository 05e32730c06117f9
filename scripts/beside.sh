#!/usr/bin/env bash
# Builds that `make test` runs beside its tests, on the processor time they leave idle: the
# emulated boards' guests and the host tests wait on timers and the network for much of their
# run, and on two cores a build in those gaps saves most of its own length (docs/testing.md).
# The steps run in order, one after the other, under SCHED_IDLE and the idle I/O class, so a
# guest or a test that wants a core gets it at once. Each step's output goes to DIR/STEP.log
# and its exit status to DIR/STEP.rc.
#
# A waiter only waits: whatever a step failed to make, the target that needs it makes itself
# afterwards (every step is cached or incremental), and says its own error there.
#
# Usage: beside.sh start DIR STEP COMMAND [STEP COMMAND]...   (COMMAND: one shell line)
#        beside.sh wait DIR STEP
set -uo pipefail
usage="usage: beside.sh start DIR STEP COMMAND [STEP COMMAND]... | beside.sh wait DIR STEP"

start() {
  local dir=$1; shift
  [ $(( $# % 2 )) = 0 ] && [ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
  rm -rf "$dir" && mkdir -p "$dir"
  printf '%s\n' "$@" | awk 'NR % 2 == 1' > "$dir/steps"
  # The make that started it (BESIDE_OWNER, else the caller): when it ends (a failure, ^C),
  # nothing built beside outlives it.
  local owner=${BESIDE_OWNER:-$PPID}
  setsid bash -c '
    dir=$1 owner=$2; shift 2
    ( while kill -0 "$owner" 2>/dev/null; do sleep 2; done; kill -TERM -- -$$ ) 2>/dev/null &
    watcher=$!
    while [ $# -gt 0 ]; do
      step=$1 cmd=$2; shift 2
      chrt --idle 0 ionice -c 3 nice -n 19 bash -c "$cmd" > "$dir/$step.log" 2>&1
      echo $? > "$dir/$step.rc"
    done
    kill $watcher 2>/dev/null
  ' beside "$dir" "$owner" "$@" < /dev/null > /dev/null 2>&1 &
  echo $! > "$dir/pid"
  echo "beside: $(tr '\n' ' ' < "$dir/steps")run beside the tests (logs in $dir)"
}

wait_for() {
  local dir=$1 step=$2
  # Nothing started beside (a target run on its own): nothing to wait for.
  [ -f "$dir/pid" ] && grep -qx "$step" "$dir/steps" || return 0
  local since=$SECONDS
  while [ ! -f "$dir/$step.rc" ]; do
    if ! kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
      echo "beside: $step ended without a status (the builds beside were stopped); it is made here"
      return 0
    fi
    sleep 2
  done
  local rc; rc=$(cat "$dir/$step.rc")
  if [ "$rc" = 0 ]; then
    echo "beside: $step was built beside the tests (waited $(( SECONDS - since )) s for it)"
  else
    tail -n 5 "$dir/$step.log"
    echo "beside: $step failed beside the tests (status $rc, $dir/$step.log); it is made here"
  fi
}

case ${1:-} in
  start) shift; [ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }; start "$@" ;;
  wait) [ $# = 3 ] || { echo "$usage" >&2; exit 2; }; wait_for "$2" "$3" ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
