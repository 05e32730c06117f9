#!/usr/bin/env bash
# A bootable disk image from the pieces, without root privileges or loop devices: an MBR
# partition table (sfdisk on the file) with a signature taken from the root's contents.
# x86_64 (A/B, updated by RAUC; docs/updates.md):
#   p1  FAT, 32 MB: GRUB for UEFI (grub-mkimage from Debian's grub-efi-amd64-bin, copied with
#       mtools), grub/grub.cfg with its environment block grub/grubenv, network.txt
#   p2  root slot A: the read-only squashfs (xz), the kernel and early boot inside it
#   p3  root slot B: the same size, empty until the first update (grubenv: B_OK=0)
#   p4  ext4, 64 MB: /data, state and logs (the early boot checks it at every start)
# The kernel command line names ROOTDEV_PREFIX's partitions. The squashfs is kept beside OUT
# (root.sqfs) for `make bundle`.
# With PI_BOOT set to a folder of the Raspberry Pi firmware and device trees (arm64-packages.sh),
# one root and no GRUB: p1 FAT (64 MB: Debian's arm64 kernel is an uncompressed Image) holds the
# kernel, the early boot, rpi4-config.txt as config.txt and a cmdline.txt naming the partitions
# by PARTUUID (initramfs-init); p2 the root; p3 /data.
# Usage: mkdisk.sh OUT.img ROOTDIR KERNEL BOOTFS [ROOTDEV_PREFIX]   (default /dev/vda: virtio)
#   On x86_64 KERNEL and BOOTFS are inside ROOTDIR already (usr/lib/boot/): pass those.
set -euo pipefail
out=$1 rootdir=$2 kernel=$3 bootfs=$4 dev=${5:-/dev/vda}
fail() { echo "image: $*" >&2; exit 1; }
pi=${PI_BOOT:-}
for tool in sfdisk mksquashfs mformat mcopy mmd mke2fs $([ -n "$pi" ] || echo grub-mkimage grub-editenv); do
  command -v "$tool" >/dev/null || fail "$tool is missing; run 'make deps'"
done
grubdir=/usr/lib/grub/x86_64-efi
[ -n "$pi" ] || [ -f "$grubdir/squash4.mod" ] || fail "$grubdir is missing; run 'make deps' (grub-efi-amd64-bin)"
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${out%/*}/disk.XXXX")
trap 'rm -rf "$work"' EXIT
MB=$((1024 * 1024))

# Owned by root whatever the build's user; rcS gives /data's folders to playhead at boot.
mksquashfs "$rootdir" "$work/root.sqfs" -comp xz -all-root -noappend -quiet -no-progress >&2
boot_mb=32 data_mb=64
[ -n "$pi" ] && boot_mb=64
root_mb=$(( ($(stat -c %s "$work/root.sqfs") + MB - 1) / MB + 1 ))
# A slot must hold the roots of later updates too: a fixed size, with room to grow.
slot_mb=${SLOT_MB:-64}
if [ -z "$pi" ]; then
  [ "$root_mb" -le "$slot_mb" ] || fail "the root ($root_mb MB) is larger than a slot ($slot_mb MB): raise SLOT_MB"
  root_mb=$slot_mb
  cp "$work/root.sqfs" "${out%/*}/root.sqfs"
fi
# The disk's signature: the same root gives the same disk, and the PARTUUIDs follow from it.
id=$(sha256sum "$work/root.sqfs" | cut -c1-8)

truncate -s $((boot_mb * MB)) "$work/boot.fat"
mformat -i "$work/boot.fat" -v BOOT ::
# The network options a technician edits on any computer (rcS mounts the FAT read-only).
mcopy -i "$work/boot.fat" "$here/network.txt" ::/network.txt
if [ -n "$pi" ]; then
  mcopy -i "$work/boot.fat" "$kernel" ::/vmlinuz
  mcopy -i "$work/boot.fat" "$bootfs" ::/initrd.gz
  mcopy -i "$work/boot.fat" "$pi"/* ::/
  mcopy -i "$work/boot.fat" "$here/rpi4-config.txt" ::/config.txt
  # The Pi 4's GPIO 14/15 serial line is the mini UART, ttyS1 with the upstream device tree.
  echo "root=PARTUUID=$id-02 data=PARTUUID=$id-03 console=ttyS1,115200 quiet panic=5" > "$work/cmdline.txt"
  mcopy -i "$work/boot.fat" "$work/cmdline.txt" ::/cmdline.txt
else
  # GRUB as the firmware's fallback loader (EFI/BOOT/BOOTX64.EFI: no NVRAM entry to make), its
  # modules built in, reading grub.cfg from /grub on this FAT. squash4 and xzio: it loads the
  # kernel from the slot's squashfs; loadenv: the boot counting; regexp: the disk's name;
  # reboot: a slot that cannot be started.
  grub-mkimage -O x86_64-efi -o "$work/BOOTX64.EFI" -p /grub part_msdos fat squash4 xzio normal linux \
    echo test loadenv regexp serial terminal sleep reboot configfile
  mmd -i "$work/boot.fat" ::/EFI ::/EFI/BOOT ::/grub
  mcopy -i "$work/boot.fat" "$work/BOOTX64.EFI" ::/EFI/BOOT/BOOTX64.EFI
  sed "s|@ROOTDEV@|$dev|g" "$here/grub/grub.cfg" > "$work/grub.cfg"
  mcopy -i "$work/boot.fat" "$work/grub.cfg" ::/grub/grub.cfg
  # As flashed: slot A good, B empty. GRUB rewrites this 1 KB block in place at each boot.
  grub-editenv "$work/grubenv" create
  grub-editenv "$work/grubenv" set ORDER="A B" A_OK=1 A_TRY=0 B_OK=0 B_TRY=0
  mcopy -i "$work/boot.fat" "$work/grubenv" ::/grub/grubenv
fi

truncate -s $((data_mb * MB)) "$work/data.ext4"
mke2fs -q -t ext4 -L data "$work/data.ext4"

# 1 MB before the first partition, as partitioning tools leave. x86_64: slot B after slot A.
p1=1 p2=$((1 + boot_mb)) p3=$((1 + boot_mb + root_mb))
if [ -n "$pi" ]; then slots="" pdata=$p3; else slots=$p3 pdata=$((p3 + root_mb)); fi
total=$((pdata + data_mb))
rm -f "$out.tmp" && truncate -s $((total * MB)) "$out.tmp"
# The Pi's firmware wants a FAT type (c); UEFI's an EFI system partition (ef).
{
  echo "label: dos"
  echo "label-id: 0x$id"
  echo "start=$((p1 * 2048)), size=$((boot_mb * 2048)), type=$([ -n "$pi" ] && echo c || echo ef), bootable"
  echo "start=$((p2 * 2048)), size=$((root_mb * 2048)), type=83"
  [ -z "$slots" ] || echo "start=$((slots * 2048)), size=$((root_mb * 2048)), type=83"
  echo "start=$((pdata * 2048)), size=$((data_mb * 2048)), type=83"
} | sfdisk -q "$out.tmp"
dd if="$work/boot.fat" of="$out.tmp" bs=1M seek=$p1 conv=notrunc,sparse status=none
dd if="$work/root.sqfs" of="$out.tmp" bs=1M seek=$p2 conv=notrunc,sparse status=none
dd if="$work/data.ext4" of="$out.tmp" bs=1M seek=$pdata conv=notrunc,sparse status=none
mv "$out.tmp" "$out"
echo "image: $out: $total MB (boot $boot_mb MB, root $(du -k "$work/root.sqfs" | cut -f1) KB squashfs${slots:+ in each of two $root_mb MB slots}, data $data_mb MB)" >&2
