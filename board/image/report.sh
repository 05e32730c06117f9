#!/usr/bin/env bash
# What `make bench` says of the image: its sizes, playhead's size and how many shared libraries
# the root carries (Debian's FFmpeg alone would bring 137), beside the emulated board's own.
# Then the byte ledger of the root (ledger.py) and, given playhead's unstripped binary, of what
# each module costs inside it (scripts/binary-ledger.py).
# Usage: report.sh IMAGEDIR BOARD_INITRAMFS [BINARY]
set -euo pipefail
dir=$1 initramfs=$2 binary=${3:-}
root=$dir/root
img=$(ls "$dir"/playhead-*.img 2>/dev/null | head -1)
[ -d "$root" ] && [ -f "$img" ] || { echo "image report: no image in $dir; run 'make image' first"; exit 1; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1048576 }'; }
libs=$(find "$root" -name '*.so*' -type f | wc -l)
squash=$(stat -c %s "$dir/root.sqfs")
case $img in *arm64*) goal=40 ;; *) goal=32 ;; esac
echo "image: disk $(mb "$(stat -c %s "$img")") (boot, root slots, data); each slot's root $(mb "$squash") squashfs," \
  "$(mb "$(du -sb "$root" | cut -f1)") unpacked (goal: at most $goal MB unpacked)"
echo "image: playhead $(mb "$(stat -c %s "$root/usr/bin/playhead")") stripped, static Swift runtime;" \
  "$libs shared libraries in the root ($(readelf -d "$root/usr/bin/playhead" | grep -c NEEDED) needed directly)"
[ -f "$initramfs" ] && echo "image: for comparison, the emulated board's test initramfs (Debian's FFmpeg and the test tools): $(mb "$(stat -c %s "$initramfs")")"
# The byte ledger: what each package, library and group of files costs on the root (ledger.py).
spdx=$(ls "$dir"/playhead-*.spdx.json 2>/dev/null | head -1)
[ -f "$spdx" ] && python3 "$(dirname "$0")/ledger.py" "$root" "$spdx"
[ -z "$binary" ] || python3 "$(dirname "$0")/../../scripts/binary-ledger.py" "$binary"
