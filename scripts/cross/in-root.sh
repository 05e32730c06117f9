#!/usr/bin/env bash
# Runs a command chrooted in ROOT, with /proc and /dev, and DIR=PATH bind mounts, in a mount
# namespace of its own: the mounts go when the command ends, whatever happens to it.
# Usage: in-root.sh ROOT [--bind HOSTDIR ROOTDIR]... -- COMMAND...
set -euo pipefail
root=${1:?usage: in-root.sh ROOT [--bind HOSTDIR ROOTDIR]... -- COMMAND...}; shift
binds=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  [ "$1" = --bind ] || { echo "in-root.sh: unknown argument $1" >&2; exit 2; }
  binds+=("$2" "$3"); shift 3
done
shift
mounts="mount -t proc proc '$root/proc' && mount --rbind /dev '$root/dev'"
for ((i = 0; i < ${#binds[@]}; i += 2)); do
  mkdir -p "$root${binds[i+1]}"
  mounts="$mounts && mount --bind '${binds[i]}' '$root${binds[i+1]}'"
done
exec unshare --mount --propagation private --fork sh -c "$mounts && exec chroot '$root' \"\$@\"" in-root "$@"
