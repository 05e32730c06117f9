#!/bin/sh
# Lays sdcard.img out with genimage (raspberrypi4/genimage.cfg) from the images Buildroot made.
set -eu
board_dir=$(dirname "$0")
tmp="${BUILD_DIR}/genimage.tmp"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
rm -rf "$tmp"
genimage --rootpath "$root" --tmppath "$tmp" --inputpath "${BINARIES_DIR}" --outputpath "${BINARIES_DIR}" \
  --config "${board_dir}/genimage.cfg"
