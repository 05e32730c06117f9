#!/usr/bin/env bash
# Cross-compiles playhead for aarch64-unknown-linux-gnu with a static Swift runtime: sid's
# swiftlang in the build root, the aarch64 runtime and trixie's C libraries from the sysroot.
# Dependencies are resolved first with this machine's swift (its git, its network or mirrors);
# the build root only builds. Usage: build.sh BUILDROOT SYSROOT OUT   (run from the package)
set -euo pipefail
root=${1:?usage: build.sh BUILDROOT SYSROOT OUT}
sysroot=${2:?usage: build.sh BUILDROOT SYSROOT OUT}
out=${3:?usage: build.sh BUILDROOT SYSROOT OUT}
here=$(cd "$(dirname "$0")" && pwd)
src=$(pwd)
scratch=.build-arm64
[ -f Package.swift ] || { echo "cross: run build.sh from the package's folder" >&2; exit 1; }

${SWIFT:-swift} package resolve --scratch-path "$scratch" >&2
triple=aarch64-unknown-linux-gnu
# SwiftPM hands --sdk to clang only: swiftc needs -sdk too, or Glibc is looked for on the build
# root. With a static runtime the resource folder is lib/swift_static (its modules, swiftrt.o,
# the link arguments). pkg-config reads the sysroot's .pc files and puts the sysroot before their
# paths. lld links for any target.
# PLAYHEAD_GPIOD2: trixie has libgpiod 2 (Sources/PlayheadGPIO/Sys/SystemGPIO.swift).
# The C files go through ccache as on the host (scripts/swiftpm-cc.sh), its folder bound in, when
# the Makefile names one and the build root has ccache (arm64.sh adds it).
# The root's ccache is sid's, not this machine's: a folder of its own beside the host's.
ccache=()
if [ -n "${CCACHE_DIR:-}" ] && [ -x "$root/usr/bin/ccache" ]; then
  mkdir -p "$CCACHE_DIR-cross"
  ccache=(--bind "$CCACHE_DIR-cross" /ccache)
fi
"$here/in-root.sh" "$root" --bind "$src" /src --bind "$sysroot" /sysroot "${ccache[@]}" -- \
  env -C /src PKG_CONFIG_SYSROOT_DIR=/sysroot CC=/src/scripts/swiftpm-cc.sh \
  ${ccache:+CCACHE_DIR=/ccache CCACHE_BASEDIR=/src CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-3G}} \
  PKG_CONFIG_LIBDIR=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig \
  PKG_CONFIG_PATH=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig \
  swift build ${SWIFT_BUILD_FLAGS:-} -c release --product playhead --static-swift-stdlib --scratch-path "/src/$scratch" \
    --disable-automatic-resolution --triple "$triple" --sdk /sysroot \
    -Xswiftc -sdk -Xswiftc /sysroot -Xswiftc -resource-dir -Xswiftc /sysroot/usr/lib/swift_static -Xswiftc -use-ld=lld \
    -Xswiftc -DPLAYHEAD_GPIOD2 >&2
mkdir -p "$out"
cp "$scratch/$triple/release/playhead" "$out/playhead"
echo "$out/playhead"
