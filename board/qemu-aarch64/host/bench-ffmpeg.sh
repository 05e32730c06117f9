#!/usr/bin/env bash
# trixie's arm64 ffmpeg for `make bench ARCH=arm64`: the reference playhead's decoding is measured
# against in the same guest. Only the packages of ffmpeg's closure that the sysroot lacks
# (libavdevice and what it needs) are downloaded and unpacked, into CACHE/bench-ffmpeg; the rest
# of its libraries are the sysroot's, the same trixie builds playhead runs on. Kept apart from the
# sysroot so the test board's initramfs and the cross build's cache key stay as they are.
# Usage: bench-ffmpeg.sh CACHE SYSROOT   Prints the root's path.
set -euo pipefail
cache=${1:?usage: bench-ffmpeg.sh CACHE SYSROOT}
sysroot=${2:?usage: bench-ffmpeg.sh CACHE SYSROOT}
cache=$(mkdir -p "$cache" && cd "$cache" && pwd)
. "$(dirname "$0")/../../../scripts/cross/apt.sh"
fail() { echo "bench: $*" >&2; exit 1; }
root=$cache/bench-ffmpeg

cross_apt "$cache/apt" "trixie trixie-updates" arm64 amd64
[ -s "$sysroot/.packages" ] || fail "$sysroot has no .packages list; run 'make build ARCH=arm64'"
closure=$(xapt -s install ffmpeg 2>/dev/null | awk '/^Inst /{print $2, $3}' | tr -d '(' | sort) \
  || fail "apt cannot resolve ffmpeg for trixie arm64"
[ -n "$closure" ] || fail "apt does not know ffmpeg for trixie arm64; check the network"
missing=$(awk 'NR == FNR { have[$1] = 1; next } !($1 in have)' \
  <(tail -n +2 "$sysroot/.packages" | sed 's/:[a-z0-9]*//') <(echo "$closure"))
key=$(echo "$missing" | cat - "$0" | sha256sum | cut -c1-16)
if [ "$(cat "$root/.key" 2>/dev/null)" = "$key" ]; then echo "$root"; exit 0; fi

tmp=$root.tmp debs=$cache/bench-debs
rm -rf "$tmp" "$debs" && mkdir -p "$tmp" "$debs"
echo "bench: fetching trixie's arm64 ffmpeg ($(echo "$missing" | wc -l) packages beyond the sysroot's)" >&2
(cd "$debs" && xapt download -q $(echo "$missing" | awk '{print $1 "=" $2}') >&2) \
  || fail "apt-get download of ffmpeg's packages for trixie arm64 failed; check the network"
for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$tmp"; done
rm -rf "$debs"
echo "$key" > "$tmp/.key"
rm -rf "$root" && mv "$tmp" "$root"
echo "$root"
