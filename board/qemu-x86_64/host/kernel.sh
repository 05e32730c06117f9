#!/usr/bin/env bash
# Fetches Debian's kernel (apt-get download: nothing is installed on the host), extracts a
# PVH-bootable vmlinux and builds the modules Debian's config leaves out (vkms, gpio-sim,
# irq_sim). Everything lands in CACHE/<abi>/ (kept across clones); OUT/<abi> links to it.
# Usage: kernel.sh OUT CACHE   Prints the kernel ABI on the last line.
set -euo pipefail
out=${1:?usage: kernel.sh OUT CACHE}
cache=${2:?usage: kernel.sh OUT CACHE}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../emulated/kernel/kernel-common.sh"

find_abi() { apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/.*Depends: linux-image-\(.*-amd64\)$/\1/p' | head -1; }
abi=$(find_abi)
if [ -z "$abi" ]; then apt-get update -qq >&2 || true; abi=$(find_abi); fi
[ -n "$abi" ] || fail "apt does not know linux-image-amd64; run 'apt-get update' and retry"
kver=${abi%-amd64}                     # 6.1.0-56
series=$(echo "$kver" | cut -d. -f1,2) # 6.1
dir=$cache/$abi
if [ -f "$dir/.done" ]; then publish_link "$out" "$dir" "$abi"; exit 0; fi

rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/debs" "$dir.tmp/root"
echo "board: fetching Debian's kernel $abi and its sources (about 225 MB, once)" >&2
( cd "$dir.tmp/debs" && apt-get download -q "linux-image-$abi" "linux-headers-$abi" "linux-headers-$kver-common" \
    "linux-kbuild-$series" "linux-source-$series" >&2 ) \
  || fail "apt-get download of the kernel packages for $abi failed; check the network and apt sources"
for deb in "$dir.tmp"/debs/*.deb; do dpkg-deb -x "$deb" "$dir.tmp/root"; done
root=$dir.tmp/root

python3 "$here/extract-vmlinux.py" "$root/boot/vmlinuz-$abi" "$dir.tmp/vmlinux"

# The headers' Makefile names /usr/src: point it at the extracted copy.
hdr=$root/usr/src/linux-headers-$abi
sed -i "s|/usr/src/|$root/usr/src/|" "$hdr/Makefile"

src=$dir.tmp/src
mkdir -p "$src"
tar -xf "$root/usr/src/linux-source-$series.tar.xz" -C "$src" --strip-components=1 \
  "linux-source-$series/drivers/gpu/drm/vkms" "linux-source-$series/drivers/gpio/gpio-sim.c" \
  "linux-source-$series/drivers/gpio/gpiolib.h" "linux-source-$series/kernel/irq/irq_sim.c"
python3 "$here/../../emulated/kernel/patch-modules.py" "$src"

build=$dir.tmp/mod
mkdir -p "$build/vkms" "$build/gpio-sim"
cp "$src"/drivers/gpu/drm/vkms/*.[ch] "$build/vkms/"
printf 'vkms-y := vkms_drv.o vkms_plane.o vkms_output.o vkms_formats.o vkms_crtc.o vkms_composer.o vkms_writeback.o\nobj-m := vkms.o\n' \
  > "$build/vkms/Kbuild"
cp "$src/drivers/gpio/gpio-sim.c" "$src/drivers/gpio/gpiolib.h" "$src/kernel/irq/irq_sim.c" "$build/gpio-sim/"
printf 'obj-m := irq_sim.o gpio-sim.o\n' > "$build/gpio-sim/Kbuild"
jobs=$(nproc)
for m in vkms gpio-sim; do
  make -s -C "$hdr" M="$build/$m" -j"$jobs" modules >"$build/$m.log" 2>&1 \
    || { tail -20 "$build/$m.log" >&2; fail "building the $m module failed (log above); is gcc installed?"; }
done

# The guest's module tree: Debian's modules plus ours, with a fresh dependency index.
mods=$dir.tmp/modules
mkdir -p "$mods/lib/modules/$abi/extra"
cp -a "$root/lib/modules/$abi/." "$mods/lib/modules/$abi/"
cp "$build"/vkms/vkms.ko "$build"/gpio-sim/irq_sim.ko "$build"/gpio-sim/gpio-sim.ko "$mods/lib/modules/$abi/extra/"
depmod -b "$mods" "$abi"

# Keep what the board needs; the sources and packages go (the 139 MB source package included).
rm -rf "$dir.tmp/debs" "$src" "$build" "$root"
publish "$out" "$dir" "$abi"
