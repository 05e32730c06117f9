#!/usr/bin/env bash
# The Raspberry Pi card's and the arm64 board's own FFmpeg: Debian 13's source package of the
# version the aarch64 playhead is built against (the sysroot's libavcodec-dev, so the same
# sonames and symbol versions), cross-compiled in the trixie build root with its
# aarch64-linux-gnu-gcc-14, with the x86_64 image's list (ffmpeg-flags.sh). Debian's arm64
# libavcodec brings about 170 libraries (x265, codec2, flite's voices, LAPACK...); this one
# needs mbedtls and zlib, whose arm64 packages are unpacked beside it and copied into its lib/.
# Cached in CACHE/ffmpeg-arm64/<version>-<key>/ across clones.
# Usage: ffmpeg-arm64.sh CACHE SYSROOT BUILDROOT   Prints the install prefix (with lib/); beside
#   it, runtime.packages.
set -euo pipefail
usage="usage: ffmpeg-arm64.sh CACHE SYSROOT BUILDROOT"
cache=${1:?$usage} sysroot=${2:?$usage} broot=${3:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "image: $*" >&2; exit 1; }
. "$here/../../scripts/cross/apt.sh"
. "$here/ffmpeg-flags.sh"

sysroot=$(cd "$sysroot" && pwd)
version=$(awk '$1 == "libavcodec-dev" {print $2}' "$sysroot/.packages")
[ -n "$version" ] || fail "the sysroot $sysroot names no libavcodec-dev; run 'make build ARCH=arm64'"
upstream=${version#*:}; upstream=${upstream%-*}   # 7:7.1.5-0+deb13u1 -> 7.1.5
deps="zlib1g-dev zlib1g libmbedtls-dev libmbedtls21 libmbedx509-7 libmbedcrypto16"
key=$(printf '%s\n' "$version" "$deps" "${ffmpeg_flags[@]}" | cat - "$0" | sha256sum | cut -c1-10)
dir=$cache/ffmpeg-arm64/$upstream-$key
if [ -f "$dir/.done" ]; then echo "$dir/install"; exit 0; fi

[ -x "$broot/usr/bin/aarch64-linux-gnu-gcc-14" ] || fail "the build root $broot has no aarch64-linux-gnu-gcc-14"
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/deps" "$dir.tmp/install"
# mbedtls and zlib for arm64, from trixie, through an apt configuration of our own.
cross_apt "$cache/ffmpeg-arm64/apt" "trixie trixie-updates" arm64
(cd "$dir.tmp" && xapt download -q $deps >&2) || fail "downloading trixie's arm64 $deps failed; check the network"
# runtime.packages names the ones whose libraries go on a root (NAME=VERSION, for sbom-debs-arm64.sh).
for deb in "$dir.tmp"/*.deb; do
  dpkg-deb -x "$deb" "$dir.tmp/deps"
  name=$(dpkg-deb -f "$deb" Package)
  case $name in *-dev) ;; *) echo "$name=$(dpkg-deb -f "$deb" Version)" >> "$dir.tmp/runtime.packages" ;; esac
done
rm -f "$dir.tmp"/*.deb
# The source, from the same suites' deb-src lines.
src=$cache/ffmpeg-arm64/apt-src
mkdir -p "$src/lists/partial" "$src/parts"
for suite in trixie trixie-updates; do
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main"
done > "$src/parts/trixie-src.list"
srcopts=(-o APT::Sandbox::User=root -o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$src/parts" -o "Dir::State::Lists=$src/lists")
echo "image: fetching Debian 13's FFmpeg $version source (about 11 MB, once)" >&2
apt-get "${srcopts[@]}" update -qq >&2 || fail "apt-get update of Debian 13's source lists failed; check the network"
( cd "$dir.tmp" && apt-get "${srcopts[@]}" source --download-only -qq "ffmpeg=$version" >&2 ) \
  || fail "Debian 13's source of ffmpeg $version could not be downloaded"
( cd "$dir.tmp" && dpkg-source -x --skip-debianization ./*.dsc src >&2 ) || fail "unpacking the ffmpeg source failed"
# Debian's copyright file of this source, for the bill of materials (sbom.py).
tar -xJf "$dir.tmp"/ffmpeg_*.debian.tar.xz -O debian/copyright > "$dir.tmp/copyright" \
  || fail "the source package has no debian/copyright"
rm -f "$dir.tmp"/*.tar.* "$dir.tmp"/*.dsc

started=$(date +%s)
multi=usr/lib/aarch64-linux-gnu
# Inside the build root: /sysroot is Debian's arm64 libraries, /work this build; the prefix is
# /work/install, rewritten in the .pc files once the folder has moved into place.
"$here/../../scripts/cross/in-root.sh" "$broot" --bind "$sysroot" /sysroot --bind "$dir.tmp" /work -- \
  sh -c "cd /work/src && ./configure --prefix=/work/install --enable-cross-compile --arch=aarch64 \
    --target-os=linux --cross-prefix=aarch64-linux-gnu- --cc=aarch64-linux-gnu-gcc-14 --host-cc=gcc-14 \
    --sysroot=/sysroot --extra-cflags='-I/work/deps/usr/include' \
    --extra-ldflags='-L/work/deps/$multi -Wl,-rpath-link,/work/deps/$multi' \
    --pkg-config=false $(printf "'%s' " "${ffmpeg_flags[@]}") > /work/configure.log 2>&1" \
  || { tail -20 "$dir.tmp/configure.log" >&2; fail "FFmpeg's configure for arm64 failed (log above)"; }
"$here/../../scripts/cross/in-root.sh" "$broot" --bind "$sysroot" /sysroot --bind "$dir.tmp" /work -- \
  sh -c "make -C /work/src -j$(nproc) > /work/build.log 2>&1 && make -C /work/src install > /work/install.log 2>&1 &&
    aarch64-linux-gnu-strip --strip-unneeded /work/install/lib/lib*.so.*.*" \
  || { tail -30 "$dir.tmp/build.log" >&2; fail "building FFmpeg for arm64 failed (log above)"; }
# What our libraries need besides the sysroot's libc: mbedtls's and zlib's runtime libraries.
for lib in libz.so.1 libmbedtls.so.21 libmbedx509.so.7 libmbedcrypto.so.16; do
  cp -L "$dir.tmp/deps/$multi/$lib" "$dir.tmp/install/lib/" || fail "$lib is not in trixie's arm64 packages"
done
echo "image: FFmpeg $upstream for arm64 built in $(( $(date +%s) - started )) s" >&2

rm -rf "$dir.tmp/src" "$dir.tmp/deps"
sed -i "s|/work/install|$dir/install|g" "$dir.tmp"/install/lib/pkgconfig/*.pc
touch "$dir.tmp/.done"
rm -rf "$dir" && mv "$dir.tmp" "$dir"
echo "$dir/install"
