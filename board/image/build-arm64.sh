#!/usr/bin/env bash
# The arm64 image (`make image ARCH=arm64`): the Raspberry Pi 4 card, from its appliance kernel
# (kernel-appliance-arm64.sh: Debian 13's source at the arm64 board's version, the first frame's
# drivers built in), the guest's BusyBox and wpa_supplicant, the Pi firmware, its
# Wi-Fi firmware, device trees and trixie's e2fsprogs (arm64-packages.sh), the board's
# cross-built ph-socket, and the aarch64 playhead with its sysroot (`make build ARCH=arm64`, in
# CROSSOUT); then the root (mkroot.sh) with RAUC (stage-rauc.sh: trixie's rauc 1.13 and
# fw_setenv, ph-notify-wait cross-built here), the early boot (mkbootfs.sh), the bill of
# materials and licences (sbom.py, also beside IMAGE as .spdx.json) and the A/B card (mkdisk.sh
# with PI_BOOT: U-Boot, each slot's kernel and early boot on a FAT of its own; docs/updates.md).
# The kernel and the packages are cached under CACHE (the trixie build root under
# BUILDROOT_CACHE) and the tools are rebuilt only when their sources change, so a second run
# fetches and compiles nothing unchanged; the staging and the card are made again each time.
# FFmpeg is our own small build (ffmpeg-arm64.sh), as on x86_64.
# Usage: build-arm64.sh IMAGE MEDIADIR BOARDOUT CACHE BUILDROOT_CACHE CROSSOUT
#   BOARDOUT, CACHE: the arm64 board's outputs and cache, whose kernel and tools the card shares
set -euo pipefail
usage="usage: build-arm64.sh IMAGE MEDIADIR BOARDOUT CACHE BUILDROOT_CACHE CROSSOUT"
img=${1:?$usage} media=${2:?$usage} boardout=${3:?$usage} cache=${4:?$usage} broot_cache=${5:?$usage} cross=${6:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/cross/apt.sh"  # swift_release
board=$here/../qemu-aarch64 emulated=$here/../emulated
out=$(dirname "$img")

# The board's Debian kernel gives the version and, from its module index, what the appliance
# kernel's localmodconfig keeps; the card carries the appliance kernel alone.
abi=$("$board/host/kernel.sh" "$boardout" "$cache" "$broot_cache" | tail -1)
kernel=$("$here/kernel-appliance-arm64.sh" "$broot_cache/.." "$abi" | tail -1)
release=$(cat "$kernel/release")
guest=$("$emulated/initramfs/guest-packages.sh" "$cache" arm64 | tail -1)
extra=$("$here/arm64-packages.sh" "$cache" "$abi" "$cross/sysroot" | tail -1)
"$emulated/tools/build-tools.sh" "$boardout/tools" "$cross/sysroot" "$broot_cache/buildroot-trixie"
# slot-confirm's ear for playhead's first frame, cross-built as the board's tools are.
notify=$boardout/tools/ph-notify-wait
if [ ! "$notify" -nt "$here/rauc/ph-notify-wait.c" ]; then
  "$here/../../scripts/cross/in-root.sh" "$broot_cache/buildroot-trixie" --bind "$(cd "$cross/sysroot" && pwd)" /sysroot \
    --bind "$here/rauc" /tools --bind "$(cd "$boardout/tools" && pwd)" /out -- \
    aarch64-linux-gnu-gcc-14 --sysroot=/sysroot -Os -s -Wall -Werror -o /out/ph-notify-wait /tools/ph-notify-wait.c
fi
BUSYBOX_NET=$("$here/busybox-net.sh" "$broot_cache/.." "$(cd "$cross/sysroot" && pwd)" "$broot_cache/buildroot-trixie" | tail -1)
export BUSYBOX_NET
mkdir -p "$out"
# stage-lib.sh finds the aarch64 binaries' libraries in the sysroot (ldd cannot run them);
# mkroot.sh takes the cross-built ph-socket (the host's gcc makes x86_64 only).
STAGE_SYSROOT=$(cd "$cross/sysroot" && pwd)
PH_SOCKET=$(cd "$boardout/tools" && pwd)/ph-socket
export STAGE_SYSROOT PH_SOCKET
# Our small FFmpeg (ffmpeg-arm64.sh), cross-built in the same build root.
ffmpeg=$("$here/ffmpeg-arm64.sh" "$cache" "$STAGE_SYSROOT" "$broot_cache/buildroot-trixie" | tail -1)
WIFI_FIRMWARE=$extra/wifi "$here/mkroot.sh" "$out/root" "$release" "$kernel" "$guest" "$cross/playhead" "$ffmpeg" "$media" "$here/modules-arm64"
"$here/mkbootfs.sh" "$out/initrd.gz" "$release" "$kernel" "$guest" "$extra/root"
RAUC_TOOLS=$extra/rauc PH_NOTIFY_WAIT=$(cd "$boardout/tools" && pwd)/ph-notify-wait "$here/stage-rauc.sh" "$out/root"
# The system's version: what `update` compares a bundle with, and what a bundle of this root says.
echo "${IMAGE_VERSION:?the Makefile sets IMAGE_VERSION}" > "$out/root/etc/playhead-release"
# The bill of materials and the licences (sbom.py), on the root and beside the card: the root's
# files are matched against the trixie packages they were unpacked from (sbom-debs-arm64.sh
# indexes them once) and the guest's; the Swift runtime is the build root's swiftlang.
cat "$extra/rauc.packages" "$ffmpeg/../runtime.packages" > "$out/extra.packages"
index=$("$here/sbom-debs-arm64.sh" "$cache" "$STAGE_SYSROOT" "$out/extra.packages" | tail -1)
scratch=$here/../../.build-arm64
bbversion=$(basename "$(dirname "$BUSYBOX_NET")"); bbversion=${bbversion%-*-*}
swiftlang=$(awk 'NR == 1 && $1 == "swiftlang" {print $2}' "$STAGE_SYSROOT/.packages")
python3 "$here/sbom.py" "$out/root" --name playhead-rpi4-arm64 --out "${img%.img}.spdx.json" --arch arm64 \
  --distro debian-13 --debs "$cache/guest-debs" --deb-index "$index" --ffmpeg "$ffmpeg" \
  --kernel "$release" "$kernel/vmlinux" "$STAGE_SYSROOT/usr/share/doc/linux-libc-dev/copyright" \
  --busybox-net "$BUSYBOX_NET" "$bbversion" \
  --swift "$(swift_release "$swiftlang")" "$STAGE_SYSROOT/usr/share/doc/libswiftlang/copyright" \
  --checkouts "$scratch/checkouts" --link-list "$scratch/aarch64-unknown-linux-gnu/release/playhead.product/Objects.LinkFileList" \
  --own /usr/bin/playhead --own /usr/bin/ph-socket --own /usr/bin/ph-notify-wait \
  --from-host /etc/ssl/certs/ca-certificates.crt ca-certificates
PI_BOOT=$extra/boot "$here/mkdisk.sh" "$img" "$out/root" "$kernel/Image" "$out/initrd.gz"
