#!/usr/bin/env bash
# The image's early-boot initramfs: static BusyBox, the disk and filesystem modules the kernel
# has not built in (modules-x86_64-early and modules-arm64-early name them), e2fsck, mke2fs,
# resize2fs and sfdisk (/data's growth on a larger disk) with their libraries, and
# initramfs-init. Small, so gzip-compressed.
# For the arm64 image STAGE_SYSROOT is set (stage-lib.sh) and TOOLSROOT holds trixie's arm64
# e2fsprogs (arm64-packages.sh).
# Usage: mkbootfs.sh OUT.cpio.gz ABI KERNELDIR GUESTROOT [TOOLSROOT]
set -euo pipefail
out=$1 abi=$2 kdir=$3 guest=$4 tools=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stage-lib.sh"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{proc,sys,dev,tmp,newroot,lib64,etc}
busybox=$guest/bin/busybox
[ -e "$busybox" ] || busybox=$guest/usr/bin/busybox  # merged /usr (trixie)
stage_busybox "$stage" "$busybox"
if [ -n "${STAGE_SYSROOT:-}" ]; then
  modules=$(list_names "$here/modules-arm64-early")
  for tool in e2fsck mke2fs resize2fs sfdisk; do
    [ -x "$tools/usr/sbin/$tool" ] || { echo "image: $tool is missing from $tools" >&2; exit 1; }
    rm -f "$stage/bin/$tool"
    STAGE_ROOTS=$tools stage_elf "$stage" "$tools/usr/sbin/$tool" "/sbin/$tool"
  done
else
  modules=$(list_names "$here/modules-x86_64-early")
  for tool in e2fsck mke2fs resize2fs blkid sfdisk; do
    path=$(command -v "$tool" || echo "/sbin/$tool")
    [ -x "$path" ] || { echo "image: $tool is missing; run 'make deps' (e2fsprogs, fdisk)" >&2; exit 1; }
    rm -f "$stage/bin/$tool"
    stage_elf "$stage" "$(readlink -f "$path")" "/sbin/$tool"
  done
fi
# What the kernel has built in (the appliance kernel: all of them) is neither staged nor loaded.
tree=$(cd "$kdir/modules" && pwd)
loadable=""
for m in $modules; do
  deps=$(modprobe -d "$tree" -S "$abi" --show-depends "$m" 2>/dev/null) \
    || { echo "image: the kernel $abi has no module $m" >&2; exit 1; }
  case $deps in builtin*) ;; *) loadable="$loadable $m" ;; esac
done
# shellcheck disable=SC2086  # one word per module
[ -z "$loadable" ] || stage_modules "$stage" "$tree" "$abi" $loadable
echo $loadable > "$stage/etc/boot-modules"
install -m 755 "$here/initramfs-init" "$stage/init"
(cd "$stage" && find . -print0 | cpio --null -o -H newc --quiet | gzip -9) > "$out"
echo "image: early-boot initramfs $(du -k "$out" | cut -f1) KB" >&2
