#!/usr/bin/env bash
# A bootable disk image from the pieces, without root privileges or loop devices: an MBR
# partition table (sfdisk on the file), syslinux from Debian (its MBR code, and its installer
# working on a FAT image through mtools), then
#   p1  FAT, 32 MB: syslinux, the kernel (bzImage), the early-boot initramfs
#   p2  the root, read-only squashfs (xz)
#   p3  ext4, 64 MB: /data, state and logs (the early boot checks it at every start)
# Usage: mkdisk.sh OUT.img ROOTDIR BZIMAGE BOOTFS [ROOTDEV_PREFIX]   (default /dev/vda: virtio)
set -euo pipefail
out=$1 rootdir=$2 kernel=$3 bootfs=$4 dev=${5:-/dev/vda}
fail() { echo "image: $*" >&2; exit 1; }
for tool in sfdisk mksquashfs mformat mcopy syslinux mke2fs; do
  command -v "$tool" >/dev/null || fail "$tool is missing; run 'make deps'"
done
mbr=/usr/lib/syslinux/mbr/mbr.bin
[ -f "$mbr" ] || fail "$mbr is missing; run 'make deps' (syslinux-common)"
work=$(mktemp -d "${out%/*}/disk.XXXX")
trap 'rm -rf "$work"' EXIT
MB=$((1024 * 1024))

# Owned by root whatever the build's user; rcS gives /data's folders to playhead at boot.
mksquashfs "$rootdir" "$work/root.sqfs" -comp xz -all-root -noappend -quiet >&2
boot_mb=32 data_mb=64
root_mb=$(( ($(stat -c %s "$work/root.sqfs") + MB - 1) / MB + 1 ))

cat > "$work/syslinux.cfg" <<CFG
SERIAL 0 115200
PROMPT 0
TIMEOUT 0
DEFAULT playhead
LABEL playhead
  LINUX /vmlinuz
  INITRD /initrd.gz
  APPEND root=${dev}2 data=${dev}3 console=ttyS0,115200 quiet panic=5
CFG
truncate -s $((boot_mb * MB)) "$work/boot.fat"
mformat -i "$work/boot.fat" -v BOOT ::
mcopy -i "$work/boot.fat" "$kernel" ::/vmlinuz
mcopy -i "$work/boot.fat" "$bootfs" ::/initrd.gz
mcopy -i "$work/boot.fat" "$work/syslinux.cfg" ::/syslinux.cfg
syslinux --install "$work/boot.fat"

truncate -s $((data_mb * MB)) "$work/data.ext4"
mke2fs -q -t ext4 -L data "$work/data.ext4"

# 1 MB before the first partition, as partitioning tools leave.
p1=1 p2=$((1 + boot_mb)) p3=$((1 + boot_mb + root_mb))
total=$((p3 + data_mb))
rm -f "$out.tmp" && truncate -s $((total * MB)) "$out.tmp"
sfdisk -q "$out.tmp" <<TABLE
label: dos
start=$((p1 * 2048)), size=$((boot_mb * 2048)), type=c, bootable
start=$((p2 * 2048)), size=$((root_mb * 2048)), type=83
start=$((p3 * 2048)), size=$((data_mb * 2048)), type=83
TABLE
dd if="$mbr" of="$out.tmp" bs=440 count=1 conv=notrunc status=none
dd if="$work/boot.fat" of="$out.tmp" bs=1M seek=$p1 conv=notrunc,sparse status=none
dd if="$work/root.sqfs" of="$out.tmp" bs=1M seek=$p2 conv=notrunc,sparse status=none
dd if="$work/data.ext4" of="$out.tmp" bs=1M seek=$p3 conv=notrunc,sparse status=none
mv "$out.tmp" "$out"
echo "image: $out: $total MB (boot $boot_mb MB, root $(du -k "$work/root.sqfs" | cut -f1) KB squashfs, data $data_mb MB)" >&2
