#!/usr/bin/env bash
# BusyBox's ntpd and wget for the images' network and clock. Debian builds BusyBox without
# ntpd (busybox and busybox-static, in Debian 12 and 13 alike), and Debian 12's wget crashed
# on this machine (SIGSEGV, even on http://127.0.0.1:1/, static or not) and got no answer in
# the guest, so this builds both from Debian's
# own BusyBox source as one binary (about 60 KB; run as `ntpd` or `wget`), with one patch: the
# -S hook is told which peer the time came from (busybox-ntpd-peer.patch), which
# /run/playhead/clock names. wget has BusyBox's own TLS (no certificate checks) for the
# clock's HTTPS fallback. Dynamically linked: glibc's resolver (pool.ntp.org) needs the shared
# libc, which the image's root has anyway.
# With SYSROOT and BUILDROOT it is built for aarch64 in the cross build root (as the arm64
# board's tools are). Cached in CACHE/busybox-net/<version>-<arch>-<hash>/.
# Usage: busybox-net.sh CACHE [SYSROOT BUILDROOT]   Prints the binary's path on its last line.
set -euo pipefail
cache=${1:?usage: busybox-net.sh CACHE [SYSROOT BUILDROOT]}
sysroot=${2:-} broot=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "image: $*" >&2; exit 1; }

version=$(apt-cache policy busybox-static 2>/dev/null | awk '/Candidate:/{print $2}')
[ -n "$version" ] && [ "$version" != "(none)" ] || fail "apt does not know busybox-static; run 'apt-get update' and retry"
source=${version%+b[0-9]*}; srcversion=${source#*:}   # 1:1.35.0-4+deb12u1+b1 -> 1:1.35.0-4+deb12u1
arch=$([ -n "$sysroot" ] && echo arm64 || echo x86_64)
# allnoconfig, then ntpd (no server, no ntp.conf, no keys) and wget with HTTPS and timeouts,
# and no shell (the choice of sh defaults to ash even there). Twice: wget's own options appear
# once wget is on.
config="s/^# CONFIG_NTPD is not set/CONFIG_NTPD=y/; s/^CONFIG_SH_IS_ASH=y/# CONFIG_SH_IS_ASH is not set/;
  s/^# CONFIG_SH_IS_NONE is not set/CONFIG_SH_IS_NONE=y/; s/^CONFIG_SHELL_ASH=y/# CONFIG_SHELL_ASH is not set/;
  s/^# CONFIG_WGET is not set/CONFIG_WGET=y/; s/^# CONFIG_FEATURE_WGET_HTTPS is not set/CONFIG_FEATURE_WGET_HTTPS=y/;
  s/^# CONFIG_FEATURE_WGET_TIMEOUT is not set/CONFIG_FEATURE_WGET_TIMEOUT=y/"
key=$(cat "$here/busybox-ntpd-peer.patch" <(echo "$config") | sha256sum | cut -c1-10)
dir=$cache/busybox-net/$srcversion-$arch-$key
if [ -x "$dir/busybox-net" ]; then echo "$dir/busybox-net"; exit 0; fi

command -v dpkg-source >/dev/null || fail "dpkg-source is missing; install dpkg-dev"
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
# Debian's source archive through an apt configuration of our own (ffmpeg.sh's way): the
# machine's sources stay as they are.
apt=$cache/busybox-net/apt
mkdir -p "$apt/lists/partial" "$apt/parts"
sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$apt/parts/debian-src.sources" 2>/dev/null \
  || fail "/etc/apt/sources.list.d/debian.sources is missing; cannot name Debian's source archive"
aptopts=(-o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$apt/parts" -o "Dir::State::Lists=$apt/lists")
echo "image: fetching Debian's BusyBox $srcversion source (about 2.5 MB, once) for ntpd and wget" >&2
apt-get "${aptopts[@]}" update -qq >&2 || fail "apt-get update of Debian's source lists failed; check the network"
( cd "$dir.tmp" && apt-get "${aptopts[@]}" source --download-only -qq "busybox=$source" >&2 ) \
  || fail "Debian's source of busybox $srcversion could not be downloaded"
( cd "$dir.tmp" && dpkg-source -x --skip-debianization ./*.dsc src >/dev/null ) || fail "unpacking the busybox source failed"
patch -d "$dir.tmp/src" -p1 < "$here/busybox-ntpd-peer.patch" >&2 || fail "busybox-ntpd-peer.patch does not apply to $srcversion"
echo "$config" > "$dir.tmp/src/net.sed"

# The same make variables for the configuration's tools and the build: cross, the build root
# has gcc-14 for the host's part and aarch64-linux-gnu-gcc-14 for the binary.
make="make -s"
[ -n "$sysroot" ] && make="$make HOSTCC=gcc-14 CC='aarch64-linux-gnu-gcc-14 --sysroot=/sysroot' CROSS_COMPILE=aarch64-linux-gnu-"
configure="sed -i -f net.sed .config && (yes n | $make oldconfig >/dev/null)"
build="$make allnoconfig && $configure && $configure"
build="$build && grep -qx CONFIG_NTPD=y .config && grep -qx CONFIG_FEATURE_WGET_HTTPS=y .config && $make -j$(nproc) busybox"
if [ -n "$sysroot" ]; then
  "$here/../../scripts/cross/in-root.sh" "$broot" --bind "$sysroot" /sysroot --bind "$dir.tmp/src" /src -- \
    sh -c "cd /src && $build && aarch64-linux-gnu-strip busybox" > "$dir.tmp/build.log" 2>&1
else
  (cd "$dir.tmp/src" && sh -c "$build && strip busybox") > "$dir.tmp/build.log" 2>&1
fi || { tail -20 "$dir.tmp/build.log" >&2; fail "building BusyBox's ntpd and wget failed (log above)"; }
install -m 755 "$dir.tmp/src/busybox" "$dir.tmp/busybox-net"
rm -rf "$dir.tmp/src" "$dir.tmp"/*.tar.* "$dir.tmp"/*.dsc
rm -rf "$dir" && mv "$dir.tmp" "$dir"
echo "$dir/busybox-net"
