#!/usr/bin/env bash
# What the arm64 image takes from Debian 13 (trixie) beyond the sysroot and the arm64 board's
# kernel tree, fetched once with apt-get download into CACHE/image-arm64 (the machine's apt is
# never touched, scripts/cross/apt.sh):
#   boot/  the Raspberry Pi firmware (raspi-firmware, from non-free-firmware: start4.elf and
#          fixup4.dat, which boot a Pi 4 from the card's FAT partition) with its licence, and
#          the Pi 4 family's device trees from the same kernel package the board boots
#          (linux-image-ABI's broadcom/bcm2711-*.dtb), and U-Boot for the Pi 4 (u-boot-rpi's
#          rpi_arm64/u-boot.bin, which the firmware starts in place of a kernel: it runs the
#          card's boot script, docs/updates.md)
#   root/  e2fsprogs and fdisk (sfdisk) for the early boot's check and growth of /data, with
#          the libraries the sysroot lacks
#   rauc/  RAUC 1.13, dbus-daemon and fw_printenv/fw_setenv (libubootenv-tool: trixie's
#          u-boot-tools has none) with the libraries the sysroot lacks, unpacked: stage-rauc.sh
#          takes the binaries and what they link; rauc.packages lists them (NAME=VERSION) for
#          the bill of materials
#   wifi/  the Pi 4's Wi-Fi firmware (firmware-brcm80211, non-free-firmware): the CYW43455's
#          brcmfmac43455-sdio .bin, .clm_blob and the Pi 4's NVRAM (.raspberrypi,4-model-b.txt,
#          also the CM4's name for it) in brcm/, and the package's copyright. Only those: the
#          package holds 148 files for every Broadcom chip. It has nothing for the BCM4345/9
#          (brcmfmac43456-sdio) that some Pi 400 and CM4 boards carry.
# Usage: arm64-packages.sh CACHE ABI SYSROOT   Prints the folder's path.
set -euo pipefail
cache=${1:?usage: arm64-packages.sh CACHE ABI SYSROOT}
abi=${2:?usage: arm64-packages.sh CACHE ABI SYSROOT}
sysroot=${3:?usage: arm64-packages.sh CACHE ABI SYSROOT}
cache=$(mkdir -p "$cache" && cd "$cache" && pwd)
. "$(dirname "$0")/../../scripts/cross/apt.sh"
fail() { echo "image: $*" >&2; exit 1; }
out=$cache/image-arm64

XAPT_COMPONENTS="main non-free-firmware" cross_apt "$cache/apt-image" "trixie trixie-updates" arm64
[ -s "$sysroot/.packages" ] || fail "$sysroot has no .packages list; run 'make build ARCH=arm64'"
closure=$(xapt -s install e2fsprogs fdisk 2>/dev/null | awk '/^Inst /{print $2, $3}' | tr -d '(' | sort) \
  || fail "apt cannot resolve e2fsprogs and fdisk for trixie arm64"
not_in_sysroot() { awk 'NR == FNR { have[$1] = 1; next } !($1 in have)' \
  <(tail -n +2 "$sysroot/.packages" | sed 's/:[a-z0-9]*//') -; }
e2fs=$(echo "$closure" | not_in_sysroot)
tools=$(xapt -s install rauc dbus-daemon libubootenv-tool 2>/dev/null | awk '/^Inst /{print $2, $3}' | tr -d '(' | sort \
  | not_in_sysroot) || fail "apt cannot resolve rauc, dbus-daemon and libubootenv-tool for trixie arm64"
uboot=$(xapt_version u-boot-rpi)
firmware=$(xapt_version raspi-firmware)
brcm=$(xapt_version firmware-brcm80211)
[ -n "$firmware" ] && [ -n "$brcm" ] && [ -n "$e2fs" ] && [ -n "$uboot" ] && [ -n "$tools" ] \
  || fail "apt does not know raspi-firmware, firmware-brcm80211, u-boot-rpi, e2fsprogs or rauc for trixie arm64; check the network"
key=$(echo "$abi $firmware $brcm $uboot $e2fs $tools" | cat - "$0" | sha256sum | cut -c1-16)
if [ "$(cat "$out/.key" 2>/dev/null)" = "$key" ]; then echo "$out"; exit 0; fi

tmp=$out.tmp debs=$cache/image-debs
rm -rf "$tmp" "$debs" && mkdir -p "$tmp/boot" "$tmp/root" "$tmp/rauc" "$tmp/unpack" "$tmp/wifi/brcm" "$debs/tools"
echo "image: fetching the Pi firmware, U-Boot, linux-image-$abi's device trees, e2fsprogs and RAUC for arm64 (about 110 MB, once)" >&2
(cd "$debs" && xapt download -q "raspi-firmware=$firmware" "firmware-brcm80211=$brcm" "u-boot-rpi=$uboot" "linux-image-$abi" \
    $(echo "$e2fs" | awk '{print $1 "=" $2}') >&2) \
  || fail "apt-get download of raspi-firmware, u-boot-rpi, linux-image-$abi and e2fsprogs for trixie arm64 failed; check the network"
(cd "$debs/tools" && xapt download -q $(echo "$tools" | awk '{print $1 "=" $2}') >&2) \
  || fail "apt-get download of rauc, dbus-daemon and libubootenv-tool for trixie arm64 failed; check the network"

dpkg-deb -x "$debs"/raspi-firmware_*.deb "$tmp/unpack"
fw=$tmp/unpack/usr/lib/raspi-firmware
cp "$fw/start4.elf" "$fw/fixup4.dat" "$tmp/boot/"
cp "$tmp/unpack/usr/share/doc/raspi-firmware/copyright" "$tmp/boot/LICENCE.raspi-firmware"
dpkg-deb --fsys-tarfile "$debs"/linux-image-"$abi"_*.deb \
  | tar -x -C "$tmp/unpack" --wildcards "./usr/lib/linux-image-$abi/broadcom/bcm2711-*.dtb"
cp "$tmp/unpack/usr/lib/linux-image-$abi/broadcom/"bcm2711-*.dtb "$tmp/boot/"
[ -s "$tmp/boot/bcm2711-rpi-4-b.dtb" ] || fail "linux-image-$abi has no bcm2711-rpi-4-b.dtb"
dpkg-deb -x "$debs"/u-boot-rpi_*.deb "$tmp/unpack"
cp "$tmp/unpack/usr/lib/u-boot/rpi_arm64/u-boot.bin" "$tmp/boot/u-boot.bin" || fail "u-boot-rpi $uboot has no rpi_arm64/u-boot.bin"
cp "$tmp/unpack/usr/share/doc/u-boot-rpi/copyright" "$tmp/boot/LICENCE.u-boot"
dpkg-deb -x "$debs"/firmware-brcm80211_*.deb "$tmp/unpack"
brcmdir=$tmp/unpack/usr/lib/firmware/brcm
[ -d "$brcmdir" ] || brcmdir=$tmp/unpack/lib/firmware/brcm
# cp -L: the package links the .bin and .clm_blob to Cypress's names in ../cypress/.
for f in brcmfmac43455-sdio.bin brcmfmac43455-sdio.clm_blob "brcmfmac43455-sdio.raspberrypi,4-model-b.txt"; do
  cp -L "$brcmdir/$f" "$tmp/wifi/brcm/" || fail "firmware-brcm80211 $brcm has no brcm/$f"
done
ln -s "brcmfmac43455-sdio.raspberrypi,4-model-b.txt" "$tmp/wifi/brcm/brcmfmac43455-sdio.raspberrypi,4-compute-module.txt"
cp "$tmp/unpack/usr/share/doc/firmware-brcm80211/copyright" "$tmp/wifi/copyright"
for deb in "$debs"/*.deb; do
  case ${deb##*/} in raspi-firmware_*|firmware-brcm80211_*|u-boot-rpi_*|linux-image-*) ;; *) dpkg-deb -x "$deb" "$tmp/root" ;; esac
done
for deb in "$debs"/tools/*.deb; do dpkg-deb -x "$deb" "$tmp/rauc"; done
# Which packages those are, for the bill of materials (sbom-debs-arm64.sh indexes them).
echo "$tools" | awk '{print $1 "=" $2}' > "$tmp/rauc.packages"
rm -rf "$tmp/unpack" "$debs" "$out"
echo "$key" > "$tmp/.key"
mv "$tmp" "$out"
echo "$out"
