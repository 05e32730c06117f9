#!/usr/bin/env bash
# The arm64 board's kernel: Debian 13 (trixie)'s own arm64 kernel, pinned, the release whose C
# libraries the aarch64 playhead is built against (scripts/cross/sysroot.sh). Debian leaves vkms,
# gpio-sim (with irq_sim) and snd-dummy out of its arm64 config: they are cross-built out of tree
# from Debian's source with trixie's gcc-14-aarch64-linux-gnu (the compiler Debian built the kernel
# with, CONFIG_CC_VERSION_TEXT) in the trixie build root the x86_64 board's 7.x profile uses, with
# the same source changes (../../emulated/kernel/patch-modules.py). apt reads a configuration
# of its own (scripts/cross/apt.sh): the machine's sources are never touched. Everything lands in
# CACHE/<abi>/ (the Image, the module tree), OUT/<abi> links to it.
# Usage: kernel.sh OUT CACHE BUILDROOT_CACHE   Prints the kernel ABI on the last line.
set -euo pipefail
out=${1:?usage: kernel.sh OUT CACHE BUILDROOT_CACHE}
cache=${2:?usage: kernel.sh OUT CACHE BUILDROOT_CACHE}
broot_cache=${3:?usage: kernel.sh OUT CACHE BUILDROOT_CACHE}
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../emulated/kernel
repo=$(cd "$here/../../.." && pwd)
. "$shared/kernel-common.sh"

# Pinned: a moving kernel would make every board run a different board.
ver=6.12.117+deb13 srcver=6.12.117-1 series=6.12
abi=$ver-arm64
dir=$cache/$abi
if [ -f "$dir/.done" ]; then publish_link "$out" "$dir" "$abi"; exit 0; fi

. "$repo/scripts/cross/apt.sh"
cross_apt "$cache/apt" "trixie trixie-updates" arm64 amd64
# The packages are kept until the kernel is built, so a failed build does not fetch them again.
debs=$cache/debs-$ver
mkdir -p "$debs"
if [ ! -f "$debs/.done" ]; then
  echo "board: fetching Debian's arm64 kernel $abi and its sources (about 260 MB, once)" >&2
  ( cd "$debs" && xapt download -q "linux-image-$abi" "linux-headers-$abi" "linux-headers-$ver-common" \
      "linux-kbuild-$ver:amd64" "linux-source-$series=$srcver" >&2 ) \
    || fail "apt-get download of the kernel packages for $abi failed (is $ver still in trixie?)"
  touch "$debs/.done"
fi

rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/root"
for deb in "$debs"/linux-image-*.deb; do dpkg-deb -x "$deb" "$dir.tmp/root"; done
root=$dir.tmp/root
# Debian's arm64 vmlinuz is the plain Image (QEMU's -kernel boots it as it is).
cp "$root/boot/vmlinuz-$abi" "$dir.tmp/Image"

broot=$(trixie_buildroot "$broot_cache" | tail -1)
for deb in "$debs"/linux-headers-*.deb "$debs"/linux-kbuild-*.deb; do $SUDO dpkg-deb -x "$deb" "$broot"; done

work=/build/arm64-$ver
src=$broot$work/src
$SUDO rm -rf "$broot$work" && $SUDO mkdir -p "$src"
dpkg-deb --fsys-tarfile "$debs"/linux-source-${series}_*.deb 2>/dev/null | tar -xO "./usr/src/linux-source-$series.tar.xz" \
  | tar -xJ -C "$src" --strip-components=1 "linux-source-$series/drivers/gpu/drm/vkms" \
    "linux-source-$series/drivers/gpio/gpio-sim.c" "linux-source-$series/drivers/gpio/gpiolib.h" \
    "linux-source-$series/kernel/irq/irq_sim.c" "linux-source-$series/sound/drivers/dummy.c" \
  || fail "unpacking vkms, gpio-sim, irq_sim and snd-dummy from linux-source-$series failed"
python3 "$shared/patch-modules.py" "$src"
m=$broot$work/mod
mkdir -p "$m/vkms" "$m/gpio-sim" "$m/snd-dummy"
cp "$src"/drivers/gpu/drm/vkms/*.[ch] "$src/drivers/gpu/drm/vkms/Makefile" "$m/vkms/"
cp "$src/drivers/gpio/gpio-sim.c" "$src/drivers/gpio/gpiolib.h" "$src/kernel/irq/irq_sim.c" "$m/gpio-sim/"
printf 'obj-m := irq_sim.o gpio-sim.o\n' > "$m/gpio-sim/Kbuild"
cp "$src/sound/drivers/dummy.c" "$m/snd-dummy/"
printf 'snd-dummy-y := dummy.o\nobj-m := snd-dummy.o\n' > "$m/snd-dummy/Kbuild"
for mod in vkms gpio-sim snd-dummy; do
  nice -n 10 "$repo/scripts/cross/in-root.sh" "$broot" -- make -s -C "/usr/src/linux-headers-$abi" M="$work/mod/$mod" \
      ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- CC=aarch64-linux-gnu-gcc-14 CONFIG_DRM_VKMS=m -j"$(nproc)" modules \
      >"$dir.tmp/$mod.log" 2>&1 \
    || { tail -20 "$dir.tmp/$mod.log" >&2; fail "building $mod for $abi failed (log above)"; }
done

# Debian's modules come xz-packed; BusyBox's insmod wants them plain. Ours lose their debug
# information here (the host's strip does not read aarch64 objects).
mods=$dir.tmp/modules
mkdir -p "$mods/lib/modules/$abi/extra"
cp -a "$root/usr/lib/modules/$abi/." "$mods/lib/modules/$abi/"
find "$mods/lib/modules/$abi" -name '*.ko.xz' -print0 | xargs -0 -r -P "$(nproc)" -n 200 xz -d
for ko in vkms/vkms.ko gpio-sim/irq_sim.ko gpio-sim/gpio-sim.ko snd-dummy/snd-dummy.ko; do
  "$repo/scripts/cross/in-root.sh" "$broot" -- aarch64-linux-gnu-strip --strip-debug -o "/build/${ko##*/}" "$work/mod/$ko"
  mv "$broot/build/${ko##*/}" "$mods/lib/modules/$abi/extra/"
done
depmod -b "$mods" "$abi"

$SUDO rm -rf "$broot$work"
rm -rf "$root" "$debs"
publish "$out" "$dir" "$abi"
