#!/usr/bin/env bash
# What the arm64 bill of materials matches the card's root against: the trixie arm64 packages
# the aarch64 sysroot was unpacked from (its .packages list, at those versions) and the Pi 4's
# Wi-Fi firmware package, and the packages of EXTRA (NAME=VERSION lines: RAUC and its tools,
# arm64-packages.sh's rauc.packages), as an index of their md5sums and copyright files (sbom_debs.py).
# The sysroot keeps no .deb nor file list (scripts/cross/sysroot.sh cleans them), and none of
# these packages is installed on the host, so they are fetched once more, about 90 MB (the -dev
# packages left out: nothing of theirs is on the card), indexed and deleted; the index is
# cached in CACHE/sbom-debs/ under a key of the list, so this runs again only when it changes.
# Its own apt configuration (scripts/cross/apt.sh): the machine's apt is never touched.
# Usage: sbom-debs-arm64.sh CACHE SYSROOT [EXTRA]   Prints the index's path.
set -euo pipefail
cache=${1:?usage: sbom-debs-arm64.sh CACHE SYSROOT}
sysroot=${2:?usage: sbom-debs-arm64.sh CACHE SYSROOT [EXTRA]}
extra=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/cross/apt.sh"
fail() { echo "sbom: $*" >&2; exit 1; }
out=$cache/sbom-debs
[ -s "$sysroot/.packages" ] || fail "$sysroot has no .packages list; run 'make build ARCH=arm64'"

XAPT_COMPONENTS="main non-free-firmware" cross_apt "$out/apt" "trixie trixie-updates" arm64
brcm=$(xapt_version firmware-brcm80211)
[ -n "$brcm" ] || fail "apt does not know firmware-brcm80211 for trixie arm64; check the network"
# The first line is the Swift toolchain (its runtime is linked into playhead, not a package here).
wanted=$(tail -n +2 "$sysroot/.packages" | awk '$1 !~ /-dev(:|$)/ {sub(/:.*/, "", $1); print $1 "=" $2}'
  [ -z "$extra" ] || cat "$extra")
key=$(printf '%s\n' $wanted "firmware-brcm80211=$brcm" | cat - "$0" "$here/sbom_debs.py" | sha256sum | cut -c1-16)
if [ "$(cat "$out/index.key" 2>/dev/null)" = "$key" ]; then echo "$out/index.json"; exit 0; fi

debs=$out/debs
rm -rf "$debs" && mkdir -p "$debs"
echo "sbom: fetching $(echo "$wanted" | wc -l) trixie arm64 packages to index them (about 90 MB, once)" >&2
# shellcheck disable=SC2086  # one word per package
(cd "$debs" && xapt download -q $wanted "firmware-brcm80211=$brcm" >&2) \
  || fail "apt-get download of the sysroot's packages failed (trixie may have moved on: make build ARCH=arm64 again)"
python3 "$here/sbom_debs.py" "$debs"/*.deb > "$out/index.json.tmp"
mv "$out/index.json.tmp" "$out/index.json"
echo "$key" > "$out/index.key"
rm -rf "$debs"
echo "$out/index.json"
