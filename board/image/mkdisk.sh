#!/usr/bin/env bash
# A bootable disk image from the pieces, without root privileges or loop devices: an MBR
# partition table (sfdisk on the file) with a signature taken from the root's contents.
# x86_64 (A/B, updated by RAUC; docs/updates.md):
#   p1  FAT, 32 MB: GRUB for UEFI (grub-mkimage from Debian's grub-efi-amd64-bin, copied with
#       mtools), grub/grub.cfg with its environment block grub/grubenv, network.txt
#   p2  root slot A: the read-only squashfs (gzip), the kernel and early boot inside it
#   p3  root slot B: the same size, empty until the first update (grubenv: B_OK=0)
#   p4  ext4, 64 MB: /data, state and logs (the early boot checks it at every start, and grows it
#       to the disk's end at the first boot)
# The kernel command line names ROOTDEV_PREFIX's partitions. The squashfs is kept beside OUT
# (root.sqfs) for `make bundle`.
# With PI_BOOT set to a folder of the Raspberry Pi firmware, U-Boot and device trees
# (arm64-packages.sh), the Pi 4 card, A/B with U-Boot (docs/updates.md). U-Boot cannot read
# squashfs, so each slot's kernel and early boot are on a small FAT of its own, which RAUC writes
# with the root (system-arm64.conf.in, parent=); MBR (the Pi firmware's), so an extended
# partition holds the fifth and later:
#   p1  FAT, 16 MB: the firmware, U-Boot (config.txt: kernel=u-boot.bin), the device trees the
#       firmware hands it, boot.scr (uboot/boot.cmd, also there as text) and bootcount.env
#   p2, p3  root slots A and B (squashfs, zstd; B empty as flashed)
#   p4  extended: p5, p6 the slots' kernel (Image.lz4) and early boot (initrd.gz), FAT; p7 /data
#       (16 MB as flashed, grown to the card's end at the first boot)
# The kernel command line (boot.cmd) names the partitions by PARTUUID (initramfs-init). The slot
# images are kept beside OUT (root.sqfs, boot.vfat) for `make bundle ARCH=arm64`.
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
# gzip, not xz: under emulation xz's decompression held playhead's start (the pages the dynamic
# loader and the Swift runtime touch) 1 to 2 s longer, and the first item's open 1 s (a boot to
# the first frame of 16.7 s with xz, 13.2 s with gzip; docs/boot-time.md), for 7 MB more. GRUB
# 2.06, which reads the kernel from it, knows gzip, xz and lzo, not lz4 or zstd (both tried).
# The card's U-Boot reads its kernel from a FAT instead, so its root takes zstd: 33.6 MB where
# gzip made 37.3 (xz: 29.5 MB), its start under emulation no slower (docs/boot-time.md).
comp="gzip -Xcompression-level 9"
[ -n "$pi" ] && comp="zstd -Xcompression-level 19"
mksquashfs "$rootdir" "$work/root.sqfs" -comp $comp -all-root -noappend -quiet -no-progress >&2
boot_mb=32 data_mb=64 slot_mb=${SLOT_MB:-64} kslot_mb=0
# arm64: the appliance kernel's Image is 18.6 MB, 9.2 MB packed with LZ4 (U-Boot's booti unpacks
# it), with a 2.6 MB early boot; the root's squashfs is 33.6 MB (zstd). Until 2026-12-05 the Image went
# unpacked into 32 MB FATs beside 64 MB slots (48 and 64 MB FATs before). A card made before
# cannot start this card's kernels (its boot script loads an unpacked Image; docs/updates.md);
# this card refuses the bundles made before it (their kernel FAT is larger than its own).
# /data is flashed small and grows to the card's end at the first boot (initramfs-init).
[ -n "$pi" ] && boot_mb=16 slot_mb=${SLOT_MB:-48} kslot_mb=${KERNEL_SLOT_MB:-16} data_mb=16
root_mb=$(( ($(stat -c %s "$work/root.sqfs") + MB - 1) / MB + 1 ))
# A slot must hold the roots of later updates too: a fixed size, with room to grow.
[ "$root_mb" -le "$slot_mb" ] || fail "the root ($root_mb MB) is larger than a slot ($slot_mb MB): raise SLOT_MB"
cp "$work/root.sqfs" "${out%/*}/root.sqfs"
# The disk's signature: the same root gives the same disk, and the PARTUUIDs follow from it.
id=$(sha256sum "$work/root.sqfs" | cut -c1-8)

truncate -s $((boot_mb * MB)) "$work/boot.fat"
mformat -i "$work/boot.fat" -v BOOT ::
# The network options a technician edits on any computer (rcS mounts the FAT read-only).
mcopy -i "$work/boot.fat" "$here/network.txt" ::/network.txt
if [ -n "$pi" ]; then
  for tool in mkimage mkenvimage; do command -v $tool >/dev/null || fail "$tool is missing; run 'make deps' (u-boot-tools)"; done
  # The slot's kernel and early boot, the same image in each slot's partition and in a bundle.
  # Its serial number from the root's: the same root gives the same image.
  truncate -s $((kslot_mb * MB)) "$work/kernel.vfat"
  mformat -i "$work/kernel.vfat" -N "$(sha256sum "$work/root.sqfs" | cut -c9-16)" -v SLOTBOOT ::
  command -v lz4 >/dev/null || fail "lz4 is missing; run 'make deps'"
  lz4 -12 -q -f "$kernel" "$work/Image.lz4"
  mcopy -i "$work/kernel.vfat" "$work/Image.lz4" ::/Image.lz4
  mcopy -i "$work/kernel.vfat" "$bootfs" ::/initrd.gz
  cp "$work/kernel.vfat" "${out%/*}/boot.vfat"
  mcopy -i "$work/boot.fat" "$pi"/* ::/
  mcopy -i "$work/boot.fat" "$here/rpi4-config.txt" ::/config.txt
  mcopy -i "$work/boot.fat" "$here/uboot/boot.cmd" ::/boot.cmd
  mkimage -A arm64 -O linux -T script -C none -n "playhead A/B" -d "$here/uboot/boot.cmd" "$work/boot.scr" >/dev/null
  mcopy -i "$work/boot.fat" "$work/boot.scr" ::/boot.scr
  # As flashed: slot A with its three boots, B empty. The size is fw_env.config's.
  printf 'BOOT_ORDER=A B\nBOOT_A_LEFT=3\nBOOT_B_LEFT=0\n' > "$work/bootcount.txt"
  mkenvimage -s 0x4000 -o "$work/bootcount.env" "$work/bootcount.txt"
  mcopy -i "$work/boot.fat" "$work/bootcount.env" ::/bootcount.env
else
  # GRUB as the firmware's fallback loader (EFI/BOOT/BOOTX64.EFI: no NVRAM entry to make), its
  # modules built in, reading grub.cfg from /grub on this FAT. squash4 with gzio (the image's
  # roots) and xzio (a bundle's may be xz): it loads the kernel from the slot's squashfs; loadenv: the boot counting; regexp: the disk's name;
  # reboot: a slot that cannot be started.
  grub-mkimage -O x86_64-efi -o "$work/BOOTX64.EFI" -p /grub part_msdos fat squash4 gzio xzio normal linux \
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
# 1 KB blocks: /data's writes are small (the state file, the clock) and journalled whole
# (data=journal), and 4 KB blocks wrote 114 MB an hour where these write 30 (image-test's
# measuring boot). An inode per 16 KB, not mke2fs's 4 KB for a small disk: /data grows to the
# disk's size at the first boot keeping both, and inodes cost 256 bytes each.
mke2fs -q -t ext4 -b 1024 -i 16384 -L data "$work/data.ext4"

# 1 MB before the first partition, as partitioning tools leave; slot B after slot A. The Pi's
# logical partitions each have 1 MB before them for their extended boot record.
p1=1 p2=$((1 + boot_mb)) p3=$((1 + boot_mb + slot_mb))
if [ -n "$pi" ]; then
  pext=$((p3 + slot_mb)) p5=$((p3 + slot_mb + 1))
  p6=$((p5 + kslot_mb + 1)) pdata=$((p5 + 2 * kslot_mb + 2))
else
  pdata=$((p3 + slot_mb))
fi
total=$((pdata + data_mb))
rm -f "$out.tmp" && truncate -s $((total * MB)) "$out.tmp"
# The Pi's firmware wants a FAT type (c); UEFI's an EFI system partition (ef).
{
  echo "label: dos"
  echo "label-id: 0x$id"
  echo "start=$((p1 * 2048)), size=$((boot_mb * 2048)), type=$([ -n "$pi" ] && echo c || echo ef), bootable"
  echo "start=$((p2 * 2048)), size=$((slot_mb * 2048)), type=83"
  echo "start=$((p3 * 2048)), size=$((slot_mb * 2048)), type=83"
  if [ -n "$pi" ]; then
    echo "start=$((pext * 2048)), size=$(((total - pext) * 2048)), type=5"
    echo "start=$((p5 * 2048)), size=$((kslot_mb * 2048)), type=c"
    echo "start=$((p6 * 2048)), size=$((kslot_mb * 2048)), type=c"
  fi
  echo "start=$((pdata * 2048)), size=$((data_mb * 2048)), type=83"
} | sfdisk -q "$out.tmp"
dd if="$work/boot.fat" of="$out.tmp" bs=1M seek=$p1 conv=notrunc,sparse status=none
dd if="$work/root.sqfs" of="$out.tmp" bs=1M seek=$p2 conv=notrunc,sparse status=none
[ -z "$pi" ] || dd if="$work/kernel.vfat" of="$out.tmp" bs=1M seek=$p5 conv=notrunc,sparse status=none
dd if="$work/data.ext4" of="$out.tmp" bs=1M seek=$pdata conv=notrunc,sparse status=none
mv "$out.tmp" "$out"
echo "image: $out: $total MB (boot $boot_mb MB, root $(du -k "$work/root.sqfs" | cut -f1) KB squashfs in each of two $slot_mb MB slots,${pi:+ kernel and early boot $(du -k "$work/kernel.vfat" | cut -f1) KB in each of two $kslot_mb MB FATs,} data $data_mb MB)" >&2
