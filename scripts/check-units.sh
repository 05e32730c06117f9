#!/usr/bin/env bash
# Checks rootfs-overlay's systemd units with `systemd-analyze verify` against a scratch root
# holding the host's stock units (the targets they name), the units and the built playhead.
# verify exits 0 on an unknown key or a bad value and only prints it, so any output fails too.
# Usage: check-units.sh PLAYHEAD
set -euo pipefail
playhead=${1:?usage: check-units.sh PLAYHEAD}
repo=$(cd "$(dirname "$0")/.." && pwd)
command -v systemd-analyze >/dev/null || { echo "check-units: systemd-analyze is missing; run 'make deps' (package systemd)"; exit 1; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/usr/lib/systemd" "$root/usr/bin" "$root/bin"
cp -a /usr/lib/systemd/system "$root/usr/lib/systemd/"
cp -a "$repo/rootfs-overlay/." "$root/"
install -m 755 "$playhead" "$root/usr/bin/playhead"
install -m 755 "$(command -v systemctl)" "$root/bin/systemctl"
units=("$root"/usr/lib/systemd/system/playhead*.service)
[ ${#units[@]} -ge 2 ] || { echo "check-units: no playhead units in rootfs-overlay/usr/lib/systemd/system"; exit 1; }
if ! out=$(systemd-analyze verify --root="$root" "${units[@]}" 2>&1); then
  echo "check-units: systemd-analyze verify failed:"; echo "$out" | sed "s|$root||g"; exit 1
fi
if [ -n "$out" ]; then
  echo "check-units: systemd-analyze verify warned:"; echo "$out" | sed "s|$root||g"; exit 1
fi
echo "check-units: ${#units[@]} units verified: $(for u in "${units[@]}"; do printf '%s ' "${u##*/}"; done)"
