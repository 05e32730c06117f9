#!/usr/bin/env bash
# A bootable disk image from the pieces, without root privileges or loop devices: an MBR
# partition table (sfdisk on the file) with a signature taken from the root's contents, then
#   p1  FAT: the boot loader's files, the kernel, the early-boot initramfs, network.txt
#   p2  the root, read-only squashfs (xz)
#   p3  ext4, 64 MB: /data, state and logs (the early boot checks it at every start)
# On x86_64 (32 MB FAT) syslinux from Debian boots it (its MBR code, and its installer working on
# the FAT image through mtools), the kernel command line naming ROOTDEV_PREFIX's partitions. With
# PI_BOOT set to a folder of the Raspberry Pi firmware and device trees (arm64-packages.sh), the
# FAT (64 MB: Debian's arm64 kernel is an uncompressed Image) holds them with rpi4-config.txt
# as config.txt and a cmdline.txt naming the partitions by PARTUUID (initramfs-init).
# Usage: mkdisk.sh OUT.img ROOTDIR KERNEL BOOTFS [ROOTDEV_PREFIX]   (default /dev/vda: virtio)
set -euo pipefail
out=$1 rootdir=$2 kernel=$3 bootfs=$4 dev=${5:-/dev/vda}
fail() { echo "image: $*" >&2; exit 1; }
pi=${PI_BOOT:-}
for tool in sfdisk mksquashfs mformat mcopy mke2fs $([ -n "$pi" ] || echo syslinux); do
  command -v "$tool" >/dev/null || fail "$tool is missing; run 'make deps'"
done
mbr=/usr/lib/syslinux/mbr/mbr.bin
[ -n "$pi" ] || [ -f "$mbr" ] || fail "$mbr is missing; run 'make deps' (syslinux-common)"
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${out%/*}/disk.XXXX")
trap 'rm -rf "$work"' EXIT
MB=$((1024 * 1024))

# Owned by root whatever the build's user; rcS gives /data's folders to playhead at boot.
mksquashfs "$rootdir" "$work/root.sqfs" -comp xz -all-root -noappend -quiet -no-progress >&2
boot_mb=32 data_mb=64
[ -n "$pi" ] && boot_mb=64
root_mb=$(( ($(stat -c %s "$work/root.sqfs") + MB - 1) / MB + 1 ))
# The disk's signature: the same root gives the same disk, and the PARTUUIDs follow from it.
id=$(sha256sum "$work/root.sqfs" | cut -c1-8)

truncate -s $((boot_mb * MB)) "$work/boot.fat"
mformat -i "$work/boot.fat" -v BOOT ::
mcopy -i "$work/boot.fat" "$kernel" ::/vmlinuz
mcopy -i "$work/boot.fat" "$bootfs" ::/initrd.gz
# The network options a technician edits on any computer (rcS mounts the FAT read-only).
mcopy -i "$work/boot.fat" "$here/network.txt" ::/network.txt
if [ -n "$pi" ]; then
  mcopy -i "$work/boot.fat" "$pi"/* ::/
  mcopy -i "$work/boot.fat" "$here/rpi4-config.txt" ::/config.txt
  # The Pi 4's GPIO 14/15 serial line is the mini UART, ttyS1 with the upstream device tree.
  echo "root=PARTUUID=$id-02 data=PARTUUID=$id-03 console=ttyS1,115200 quiet panic=5" > "$work/cmdline.txt"
  mcopy -i "$work/boot.fat" "$work/cmdline.txt" ::/cmdline.txt
else
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
  mcopy -i "$work/boot.fat" "$work/syslinux.cfg" ::/syslinux.cfg
  syslinux --install "$work/boot.fat"
fi

truncate -s $((data_mb * MB)) "$work/data.ext4"
mke2fs -q -t ext4 -L data "$work/data.ext4"

# 1 MB before the first partition, as partitioning tools leave.
p1=1 p2=$((1 + boot_mb)) p3=$((1 + boot_mb + root_mb))
total=$((p3 + data_mb))
rm -f "$out.tmp" && truncate -s $((total * MB)) "$out.tmp"
sfdisk -q "$out.tmp" <<TABLE
label: dos
label-id: 0x$id
start=$((p1 * 2048)), size=$((boot_mb * 2048)), type=c, bootable
start=$((p2 * 2048)), size=$((root_mb * 2048)), type=83
start=$((p3 * 2048)), size=$((data_mb * 2048)), type=83
TABLE
# The Pi's firmware reads the FAT itself; a PC's BIOS runs syslinux's MBR code.
[ -n "$pi" ] || dd if="$mbr" of="$out.tmp" bs=440 count=1 conv=notrunc status=none
dd if="$work/boot.fat" of="$out.tmp" bs=1M seek=$p1 conv=notrunc,sparse status=none
dd if="$work/root.sqfs" of="$out.tmp" bs=1M seek=$p2 conv=notrunc,sparse status=none
dd if="$work/data.ext4" of="$out.tmp" bs=1M seek=$p3 conv=notrunc,sparse status=none
mv "$out.tmp" "$out"
echo "image: $out: $total MB (boot $boot_mb MB, root $(du -k "$work/root.sqfs" | cut -f1) KB squashfs, data $data_mb MB)" >&2
