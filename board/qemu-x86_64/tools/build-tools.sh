#!/usr/bin/env bash
# Builds the guest test tools into OUTDIR (linked against the host's libdrm, which the
# initramfs carries along). Usage: build-tools.sh OUTDIR
set -euo pipefail
out=${1:?usage: build-tools.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
command -v gcc >/dev/null || { echo "board: gcc is missing; run 'make deps'" >&2; exit 1; }
flags=$(pkg-config --cflags --libs libdrm alsa 2>/dev/null) || { echo "board: libdrm-dev or libasound2-dev is missing; run 'make deps'" >&2; exit 1; }
flags="$flags -lpthread"
mkdir -p "$out"
rm -f "$out/kms-pattern"
for src in "$here"/*.c; do
  tool=$out/$(basename "$src" .c)
  [ "$tool" -nt "$src" ] || gcc -O2 -Wall -Wextra -Werror -o "$tool" "$src" $flags \
    || { echo "board: building the guest tool $(basename "$src") failed" >&2; exit 1; }
done
