#!/usr/bin/env bash
# The build root of the aarch64 cross build: Debian sid for amd64 (debootstrap minbase) with
# sid's swiftlang, whose compiler matches the aarch64 runtime of sid's arm64 swiftlang (a
# compiler must match its standard library's version). Sid keeps only its newest swiftlang: the
# version there when the root is made is its key, and a newer one is a cache miss.
# Usage: buildroot.sh CACHE   (CACHE: ~/.cache/playhead/cross)  Prints the root's path.
set -euo pipefail
cache=${1:?usage: buildroot.sh CACHE}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/apt.sh"
fail() { echo "cross: $*" >&2; exit 1; }
command -v debootstrap >/dev/null || fail "debootstrap is missing (apt-get install debootstrap)"

cross_apt "$cache/apt-sid" sid amd64 arm64
version=$(xapt_version swiftlang:amd64)
root=$cache/buildroot-sid-amd64
# libc6-dev: the manifest is compiled for the build root itself; git: dependencies, when SwiftPM
# has to fetch them there.
extra="libc6-dev git ca-certificates pkgconf"
key="swiftlang $version $extra $(sha256sum < "$0" | cut -c1-16)"
if [ -z "$version" ]; then
  # No lists (no network): a root made before is still good.
  [ -f "$root/.key" ] || fail "sid's swiftlang is unknown and no build root is cached; check the network"
  echo "$root"; exit 0
fi
if [ "$(cat "$root/.key" 2>/dev/null)" = "$key" ]; then echo "$root"; exit 0; fi

echo "cross: making the sid amd64 build root with swiftlang $version (about 2.5 GB, once per version)" >&2
tmp=$root.tmp
rm -rf "$tmp" && mkdir -p "$tmp"
debootstrap --variant=minbase --arch=amd64 sid "$tmp" http://deb.debian.org/debian >"$tmp.log" 2>&1 \
  || { tail -20 "$tmp.log" >&2; fail "debootstrap of sid failed (log above)"; }
cp /etc/resolv.conf "$tmp/etc/resolv.conf"
# The registry's sid may be a snapshot older than its Release file's Valid-Until allows.
"$here/in-root.sh" "$tmp" -- sh -c "apt-get -q -o Acquire::Check-Valid-Until=false update && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
  --no-install-recommends swiftlang=$version $extra && apt-get clean" >>"$tmp.log" 2>&1 \
  || { tail -20 "$tmp.log" >&2; fail "installing swiftlang $version in the build root failed (log above); sid may have moved on: run again"; }
echo "$key" > "$tmp/.key"
rm -rf "$root" && mv "$tmp" "$root" && rm -f "$tmp.log"
echo "$root"
