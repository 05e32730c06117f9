#!/usr/bin/env bash
# Builds the guest test tools into OUTDIR (kms-pattern: test pattern, writeback capture, PNG).
# Linked dynamically against the host's libdrm: mkinitramfs.sh copies libdrm.so.2 into the guest
# along with every other library the tools need.
# Usage: build-tools.sh OUTDIR
set -euo pipefail
out=${1:?usage: build-tools.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "board: $*" >&2; exit 1; }

command -v gcc >/dev/null || fail "cannot build the guest tools: gcc is missing (apt-get install gcc)"
command -v pkg-config >/dev/null || fail "cannot build the guest tools: pkg-config is missing (apt-get install pkg-config)"
pkg-config --exists libdrm || fail "cannot build the guest tools: libdrm is missing (apt-get install libdrm-dev)"

mkdir -p "$out"
# Built under a dot name and renamed: mkinitramfs.sh packs every file in OUTDIR, so a failed or
# interrupted build must not leave a half-written binary there.
tmp="$out/.kms-pattern.tmp"
trap 'rm -f "$tmp"' EXIT
# shellcheck disable=SC2046 # pkg-config's flags are meant to split into words
gcc -O2 -Wall -Wextra -o "$tmp" "$here/kms-pattern.c" $(pkg-config --cflags --libs libdrm) \
  || fail "cannot build the guest tools: gcc failed on kms-pattern.c"
mv -f "$tmp" "$out/kms-pattern"
