#!/usr/bin/env bash
# The x86_64 disk image (`make image`), from its pieces: the appliance kernel (kernel-appliance.sh:
# Debian's 6.1 source at the emulated board's version, the first frame's drivers built in), the
# guest's BusyBox, the appliance's own FFmpeg, playhead with a static Swift runtime; then the early boot (mkbootfs.sh), the root
# (mkroot.sh) with the kernel, the early boot and RAUC in it (stage-rauc.sh), the bill of materials
# and the licences (sbom.py, also written beside IMAGE as .spdx.json), and the A/B disk
# (mkdisk.sh). The kernel, the packages and FFmpeg are cached under CACHE and swift builds in
# SCRATCH, so a second run fetches and compiles nothing unchanged; the staging and the disk are
# made again each time.
# Usage: build-x86_64.sh IMAGE DISK MEDIADIR BOARDOUT CACHE SCRATCH   (SWIFT: the swift to use)
#   DISK: the disk the board boots from, as its kernel names it (/dev/vda: virtio; /dev/sda)
#   BOARDOUT, CACHE: the x86_64 board's outputs and cache, whose kernel the image shares
set -euo pipefail
usage="usage: build-x86_64.sh IMAGE DISK MEDIADIR BOARDOUT CACHE SCRATCH"
img=${1:?$usage} disk=${2:?$usage} media=${3:?$usage} boardout=${4:?$usage} cache=${5:?$usage} scratch=${6:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
board=$here/../qemu-x86_64 emulated=$here/../emulated
out=$(dirname "$img")

# The board's Debian kernel gives the version and, from its module index, what the appliance
# kernel's localmodconfig keeps; the image carries the appliance kernel alone.
abi=$("$board/host/kernel.sh" "$boardout" "$cache" | tail -1)
guest=$("$emulated/initramfs/guest-packages.sh" "$cache" | tail -1)
ffmpeg=$("$here/ffmpeg.sh" "$cache/.." | tail -1)  # its cache sits beside the board's
kernel=$("$here/kernel-appliance.sh" "$cache/.." "$abi" | tail -1)
release=$(cat "$kernel/release")
BUSYBOX_NET=$("$here/busybox-net.sh" "$cache/.." | tail -1)
export BUSYBOX_NET
# The Makefile's CC for swift (SWIFTPM_CC) in a subshell: the same as its board build of this
# scratch folder, and nothing else here sees it.
( if [ -n "${SWIFTPM_CC:-}" ]; then export CC=$SWIFTPM_CC; fi
  "${SWIFT:-swift}" build ${SWIFT_BUILD_FLAGS:-} -c release --product playhead --static-swift-stdlib --scratch-path "$scratch" )
mkdir -p "$out"
"$here/mkbootfs.sh" "$out/initrd.gz" "$release" "$kernel" "$guest"
"$here/mkroot.sh" "$out/root" "$release" "$kernel" "$guest" "$scratch/release/playhead" "$ffmpeg" \
  "$media" "$here/modules-x86_64"
# Each slot carries its own kernel and early boot (GRUB reads them from the squashfs): an update
# replaces them with the root whose modules match, and the FAT is never written by one.
install -D -m 644 "$kernel/bzImage" "$out/root/usr/lib/boot/vmlinuz"
install -D -m 644 "$out/initrd.gz" "$out/root/usr/lib/boot/initrd.gz"
"$here/stage-rauc.sh" "$out/root"
# The system's version: what `update` compares a bundle with, and what a bundle of this root says.
echo "${IMAGE_VERSION:?the Makefile sets IMAGE_VERSION}" > "$out/root/etc/playhead-release"
# The bill of materials (SPDX) and every component's licence texts, on the root and beside the
# image (sbom.py); it stops the build when an ELF file on the root has no known origin.
swift_bin=$(readlink -f "$(command -v "${SWIFT:-swift}")")
bbversion=$(basename "$(dirname "$BUSYBOX_NET")"); bbversion=${bbversion%-*-*}
python3 "$here/sbom.py" "$out/root" --name playhead-x86_64 --out "${img%.img}.spdx.json" --arch amd64 \
  --distro "debian-$(. /etc/os-release && echo "$VERSION_ID")" --host-dpkg --debs "$cache/guest-debs" \
  --kernel "$release" "$kernel/vmlinux" /usr/share/doc/linux-libc-dev/copyright \
  --ffmpeg "$ffmpeg" --busybox-net "$BUSYBOX_NET" "$bbversion" \
  --swift "$("$swift_bin" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)" \
    "$(dirname "$swift_bin")/../share/swift/LICENSE.txt" \
  --checkouts "$scratch/checkouts" --link-list "$scratch/release/playhead.product/Objects.LinkFileList" \
  --own /usr/bin/playhead --own /usr/bin/ph-socket --own /usr/bin/ph-notify-wait \
  --from-host /etc/ssl/certs/ca-certificates.crt ca-certificates
"$here/mkdisk.sh" "$img" "$out/root" "$out/root/usr/lib/boot/vmlinuz" "$out/root/usr/lib/boot/initrd.gz" "$disk"
