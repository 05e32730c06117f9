#!/usr/bin/env bash
# The image's early-boot initramfs: static BusyBox, the disk and filesystem modules, e2fsck
# and mke2fs with their libraries, and initramfs-init. Small, so gzip-compressed.
# Usage: mkbootfs.sh OUT.cpio.gz ABI KERNELDIR GUESTROOT
set -euo pipefail
out=$1 abi=$2 kdir=$3 guest=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stage-lib.sh"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{proc,sys,dev,tmp,newroot,lib64,etc}
stage_busybox "$stage" "$guest/bin/busybox"
stage_modules "$stage" "$(cd "$kdir/modules" && pwd)" "$abi" virtio_pci virtio_blk ahci sd_mod squashfs ext4
for tool in e2fsck mke2fs blkid; do
  path=$(command -v "$tool" || echo "/sbin/$tool")
  [ -x "$path" ] || { echo "image: $tool is missing; run 'make deps' (e2fsprogs)" >&2; exit 1; }
  rm -f "$stage/bin/$tool"
  stage_elf "$stage" "$(readlink -f "$path")" "/sbin/$tool"
done
install -m 755 "$here/initramfs-init" "$stage/init"
(cd "$stage" && find . -print0 | cpio --null -o -H newc --quiet | gzip -9) > "$out"
echo "image: early-boot initramfs $(du -k "$out" | cut -f1) KB" >&2
