#!/usr/bin/env bash
# The aarch64 sysroot: Debian 13 (trixie) arm64's C libraries with their -dev files (glibc,
# libstdc++, FFmpeg, libdrm, ALSA, libgpiod, libmosquitto) and every library they need at run time, plus the
# aarch64 Swift runtime (dynamic and static) from sid's arm64 swiftlang of the build root's
# version. Unpacked with dpkg-deb -x: nothing is installed, no maintainer script runs.
# Why trixie: docs/building-for-arm.md, "Why the sysroot is Debian 13 (trixie)".
# Usage: sysroot.sh CACHE SWIFTLANG_VERSION   Prints the sysroot's path.
set -euo pipefail
cache=${1:?usage: sysroot.sh CACHE SWIFTLANG_VERSION}
swift_version=${2:?usage: sysroot.sh CACHE SWIFTLANG_VERSION}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/apt.sh"
fail() { echo "cross: $*" >&2; exit 1; }
packages="libc6-dev libstdc++-14-dev libgcc-14-dev linux-libc-dev libavformat-dev libavcodec-dev libavutil-dev
  libswscale-dev libswresample-dev libavfilter-dev libdrm-dev libasound2-dev libgpiod-dev libfreetype-dev libharfbuzz-dev libass-dev
  libmosquitto-dev"
root=$cache/sysroot-arm64

cross_apt "$cache/apt-trixie-arm64" "trixie trixie-updates" arm64
# The key: the swiftlang version, every package of the closure with its version, and this script.
closure=$(xapt -s install $packages 2>/dev/null | awk '/^Inst /{print $2, $3}' | tr -d '(' | sort) \
  || fail "apt cannot resolve $packages for trixie arm64"
[ -n "$closure" ] || fail "apt knows none of $packages for trixie arm64; check the network"
key=$(printf 'swiftlang %s\n%s\n' "$swift_version" "$closure" | cat - "$0" | sha256sum | cut -c1-16)
if [ "$(cat "$root/.key" 2>/dev/null)" = "$key" ]; then echo "$root"; exit 0; fi

tmp=$root.tmp
rm -rf "$tmp" && mkdir -p "$tmp"
echo "cross: making the arm64 sysroot ($(echo "$closure" | wc -l) trixie packages and swiftlang $swift_version)" >&2
xapt -q -y --download-only install $packages >&2 || fail "downloading the trixie arm64 packages failed"
for name in $(echo "$closure" | awk '{print $1}'); do
  debs=("$cache/apt-trixie-arm64/archives/${name}_"*_{arm64,all}.deb)
  found=0
  for deb in "${debs[@]}"; do [ -f "$deb" ] && dpkg-deb -x "$deb" "$tmp" && found=1 && break; done
  [ $found = 1 ] || fail "the package $name was not downloaded"
done
xapt clean

# sid's arm64 swiftlang: only the runtime and the modules the compiler reads (about 400 MB of
# its 2.6 GB). The .deb is large (about 500 MB): it goes once the runtime is out.
cross_apt "$cache/apt-sid" sid amd64 arm64
swift_debs=$cache/swiftlang-arm64
mkdir -p "$swift_debs"
(cd "$swift_debs" && xapt download -q "swiftlang:arm64=$swift_version" "libswiftlang:arm64=$swift_version" >&2) \
  || fail "apt-get download of swiftlang:arm64 $swift_version failed (sid may have moved on: run again)"
# Not the aarch64 compiler's plugins (host/) nor the embedded Swift libraries (0.75 GB together).
dpkg-deb --fsys-tarfile "$swift_debs"/swiftlang_*_arm64.deb | tar -x -C "$tmp" --wildcards \
  --exclude='./usr/libexec/swift/lib/swift/host' --exclude='./usr/libexec/swift/lib/swift/embedded' \
  './usr/libexec/swift/lib/swift/*' './usr/libexec/swift/lib/swift_static/*' './usr/libexec/swift/lib/clang/*'
dpkg-deb -x "$swift_debs"/libswiftlang_*_arm64.deb "$tmp"
# Given -sdk, the driver looks for the runtime under the sysroot's usr/lib/swift{,_static}.
ln -sfn ../libexec/swift/lib/swift "$tmp/usr/lib/swift"
ln -sfn ../libexec/swift/lib/swift_static "$tmp/usr/lib/swift_static"
rm -rf "$swift_debs"

# Merged /usr, as on a Debian 13 board: the loader is looked for at /lib/ld-linux-aarch64.so.1.
for d in lib bin sbin; do
  if [ -d "$tmp/$d" ] && [ ! -L "$tmp/$d" ]; then mkdir -p "$tmp/usr/$d" && cp -a "$tmp/$d/." "$tmp/usr/$d/" && rm -rf "${tmp:?}/$d"; fi
  [ -e "$tmp/$d" ] || ln -s "usr/$d" "$tmp/$d"
done
# The links update-alternatives would make: libavfilter needs libblas.so.3 and liblapack.so.3
# (through its dependencies) at the multiarch path, and no maintainer script ran.
multi=$tmp/usr/lib/aarch64-linux-gnu
for lib in blas/libblas.so.3 lapack/liblapack.so.3; do
  if [ -e "$multi/$lib" ] && [ ! -e "$multi/${lib#*/}" ]; then ln -s "$lib" "$multi/${lib#*/}"; fi
done
echo "$key" > "$tmp/.key"
printf 'swiftlang %s\n%s\n' "$swift_version" "$closure" > "$tmp/.packages"
rm -rf "$root" && mv "$tmp" "$root"
echo "$root"
