#!/usr/bin/env bash
# BusyBox's ntpd for the images. Debian builds BusyBox without it (busybox and busybox-static,
# in Debian 12 and 13 alike), so this builds it from Debian's own BusyBox source as a
# one-applet binary (about 40 KB), with one patch: the -S hook is told which peer the time came
# from (busybox-ntpd-peer.patch), which /run/playhead/clock names. Dynamically linked: glibc's
# resolver (pool.ntp.org) needs the shared libc, which the image's root has anyway.
# With SYSROOT and BUILDROOT it is built for aarch64 in the cross build root (as the arm64
# board's tools are). Cached in CACHE/busybox-ntpd/<version>-<arch>-<hash>/.
# Usage: busybox-ntpd.sh CACHE [SYSROOT BUILDROOT]   Prints the binary's path on its last line.
set -euo pipefail
cache=${1:?usage: busybox-ntpd.sh CACHE [SYSROOT BUILDROOT]}
sysroot=${2:-} broot=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "image: $*" >&2; exit 1; }

version=$(apt-cache policy busybox-static 2>/dev/null | awk '/Candidate:/{print $2}')
[ -n "$version" ] && [ "$version" != "(none)" ] || fail "apt does not know busybox-static; run 'apt-get update' and retry"
source=${version%+b[0-9]*}; srcversion=${source#*:}   # 1:1.35.0-4+deb12u1+b1 -> 1:1.35.0-4+deb12u1
arch=$([ -n "$sysroot" ] && echo arm64 || echo x86_64)
# allnoconfig, then ntpd alone (no server, no ntp.conf, no keys) and no shell (the choice of
# sh defaults to ash even there).
config="s/^# CONFIG_NTPD is not set/CONFIG_NTPD=y/; s/^CONFIG_SH_IS_ASH=y/# CONFIG_SH_IS_ASH is not set/;
  s/^# CONFIG_SH_IS_NONE is not set/CONFIG_SH_IS_NONE=y/; s/^CONFIG_SHELL_ASH=y/# CONFIG_SHELL_ASH is not set/"
key=$(cat "$here/busybox-ntpd-peer.patch" <(echo "$config") | sha256sum | cut -c1-10)
dir=$cache/busybox-ntpd/$srcversion-$arch-$key
if [ -x "$dir/ntpd" ]; then echo "$dir/ntpd"; exit 0; fi

command -v dpkg-source >/dev/null || fail "dpkg-source is missing; install dpkg-dev"
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
# Debian's source archive through an apt configuration of our own (ffmpeg.sh's way): the
# machine's sources stay as they are.
apt=$cache/busybox-ntpd/apt
mkdir -p "$apt/lists/partial" "$apt/parts"
sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$apt/parts/debian-src.sources" 2>/dev/null \
  || fail "/etc/apt/sources.list.d/debian.sources is missing; cannot name Debian's source archive"
aptopts=(-o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$apt/parts" -o "Dir::State::Lists=$apt/lists")
echo "image: fetching Debian's BusyBox $srcversion source (about 2.5 MB, once) for ntpd" >&2
apt-get "${aptopts[@]}" update -qq >&2 || fail "apt-get update of Debian's source lists failed; check the network"
( cd "$dir.tmp" && apt-get "${aptopts[@]}" source --download-only -qq "busybox=$source" >&2 ) \
  || fail "Debian's source of busybox $srcversion could not be downloaded"
( cd "$dir.tmp" && dpkg-source -x --skip-debianization ./*.dsc src >/dev/null ) || fail "unpacking the busybox source failed"
patch -d "$dir.tmp/src" -p1 < "$here/busybox-ntpd-peer.patch" >&2 || fail "busybox-ntpd-peer.patch does not apply to $srcversion"
echo "$config" > "$dir.tmp/src/ntpd-only.sed"

# The same make variables for the configuration's tools and the build: cross, the build root
# has gcc-14 for the host's part and aarch64-linux-gnu-gcc-14 for the binary.
make="make -s"
[ -n "$sysroot" ] && make="$make HOSTCC=gcc-14 CC='aarch64-linux-gnu-gcc-14 --sysroot=/sysroot' CROSS_COMPILE=aarch64-linux-gnu-"
build="$make allnoconfig && sed -i -f ntpd-only.sed .config && (yes n | $make oldconfig >/dev/null)"
build="$build && grep -qx CONFIG_NTPD=y .config && $make -j$(nproc) busybox"
if [ -n "$sysroot" ]; then
  "$here/../../scripts/cross/in-root.sh" "$broot" --bind "$sysroot" /sysroot --bind "$dir.tmp/src" /src -- \
    sh -c "cd /src && $build && aarch64-linux-gnu-strip busybox" > "$dir.tmp/build.log" 2>&1
else
  (cd "$dir.tmp/src" && sh -c "$build && strip busybox") > "$dir.tmp/build.log" 2>&1
fi || { tail -20 "$dir.tmp/build.log" >&2; fail "building BusyBox's ntpd failed (log above)"; }
install -m 755 "$dir.tmp/src/busybox" "$dir.tmp/ntpd"
rm -rf "$dir.tmp/src" "$dir.tmp"/*.tar.* "$dir.tmp"/*.dsc
rm -rf "$dir" && mv "$dir.tmp" "$dir"
echo "$dir/ntpd"
