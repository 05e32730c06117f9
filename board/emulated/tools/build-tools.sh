#!/usr/bin/env bash
# Builds the guest test tools into OUTDIR: for the x86_64 board with the host's gcc, linked
# against the host's libdrm and ALSA (the initramfs carries them along); given a SYSROOT and a
# BUILDROOT, for aarch64 with the build root's gcc-14-aarch64-linux-gnu against the sysroot's
# libraries (the arm64 board). Usage: build-tools.sh OUTDIR [SYSROOT BUILDROOT]
set -euo pipefail
out=${1:?usage: build-tools.sh OUTDIR [SYSROOT BUILDROOT]}
sysroot=${2:-} broot=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -n "$sysroot" ]; then
  # pkg-config reads the sysroot's .pc files and prefixes their paths with where the build root
  # sees the sysroot.
  multi=$sysroot/usr/lib/aarch64-linux-gnu/pkgconfig
  flags=$(PKG_CONFIG_LIBDIR=$multi:$sysroot/usr/share/pkgconfig PKG_CONFIG_SYSROOT_DIR=/sysroot \
    pkg-config --cflags --libs libdrm alsa) || { echo "board: libdrm or alsa is missing from $sysroot" >&2; exit 1; }
  compile() {
    "$here/../../../scripts/cross/in-root.sh" "$broot" --bind "$sysroot" /sysroot --bind "$here" /tools --bind "$out" /out -- \
      aarch64-linux-gnu-gcc-14 --sysroot=/sysroot -O2 -Wall -Wextra -Werror -o "/out/${1##*/}" "/tools/${2##*/}" $flags
  }
else
  command -v gcc >/dev/null || { echo "board: gcc is missing; run 'make deps'" >&2; exit 1; }
  flags=$(pkg-config --cflags --libs libdrm alsa 2>/dev/null) || { echo "board: libdrm-dev or libasound2-dev is missing; run 'make deps'" >&2; exit 1; }
  compile() { gcc -O2 -Wall -Wextra -Werror -o "$1" "$2" $flags; }
fi
flags="$flags -lpthread"
rm -f "$out/kms-pattern"
for src in "$here"/*.c; do
  tool=$out/$(basename "$src" .c)
  [ "$tool" -nt "$src" ] || compile "$tool" "$src" \
    || { echo "board: building the guest tool $(basename "$src") failed" >&2; exit 1; }
done
