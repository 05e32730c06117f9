#!/usr/bin/env bash
# The arm64 card's own kernel, built as the x86_64 image's is (kernel-appliance.sh): Debian 13's
# linux-source at the arm64 board's version (ABI), Debian's arm64 config for that ABI narrowed by
# localmodconfig to the modules the card can load (modules-arm64, -emulated, -early), then
# kernel/appliance-arm64.config (the first frame's drivers built in: the SD card and the virtio
# disk, the filesystems, the Pi's vc4 display; vkms and gpio-sim as modules, no signing, no debug
# info). Cross-compiled on the build machine with Debian's gcc-aarch64-linux-gnu; apt reads a
# configuration of its own (scripts/cross/apt.sh), the machine's sources are never touched.
# The arm64 board's scenarios keep Debian's kernel (../qemu-aarch64/host/kernel.sh).
# Built once under `nice -n 19` and cached in CACHE/appliance-kernel-arm64/VERSION-HASH/ (HASH:
# this script, the fragment, the patch and the module lists' names): Image, vmlinux (for sbom.py),
# config, release, and modules/lib/modules/RELEASE with its index.
# Usage: kernel-appliance-arm64.sh CACHE ABI   (CACHE: ~/.cache/playhead; the arm64 board's kernel
# for ABI must be in CACHE/board-arm64/ABI, as its kernel.sh leaves it). Prints the cache folder on
# its last line.
set -euo pipefail
usage="usage: kernel-appliance-arm64.sh CACHE ABI"
cache=${1:?$usage} abi=${2:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/cross/apt.sh"
. "$here/kernel-lib.sh"
fragment=$here/kernel/appliance-arm64.config
patch=$here/../emulated/kernel/patch-modules.py
lists="$here/modules-arm64 $here/modules-arm64-emulated $here/modules-arm64-early"
board=$cache/board-arm64/$abi/modules
[ -f "$board/lib/modules/$abi/modules.dep" ] || fail "no arm64 board kernel in $board (board/qemu-aarch64/host/kernel.sh makes it)"
command -v aarch64-linux-gnu-gcc >/dev/null || fail "aarch64-linux-gnu-gcc is missing; run 'make deps' (gcc-aarch64-linux-gnu)"

cross_apt "$cache/board-arm64/apt" "trixie trixie-updates" arm64 amd64
version=$(xapt_version "linux-image-$abi")
[ -n "$version" ] || fail "trixie's apt lists do not know linux-image-$abi (is it still in trixie?)"
hash=$( (cat "$0" "$here/kernel-lib.sh" "$fragment" "$patch"; list_names $lists) | sha256sum | cut -c1-12)
dir=$cache/appliance-kernel-arm64/$version-$hash
# One build at a time: `make test` starts it beside the tests, and `make image-arm64` may ask for
# it before that has ended; the second waits and then finds it built.
mkdir -p "${dir%/*}"
exec 9> "${dir%/*}/build.lock"
flock 9
if [ -f "$dir/.done" ]; then
  check_modules "$dir/modules" "$(cat "$dir/release")"
  echo "$dir"; exit 0
fi

rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/debs" "$dir.tmp/x"
work=$dir.tmp
series=$(echo "$abi" | cut -d. -f1,2)
echo "appliance kernel (arm64): fetching linux-source-$series $version (about 150 MB) and Debian's config" >&2
( cd "$work/debs" && xapt download -q "linux-source-$series=$version" "linux-headers-$abi=$version" >&2 ) \
  || fail "apt-get download of linux-source-$series $version failed; check the network"
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$work/x"; done
src=$work/src
mkdir -p "$src"
tar -xf "$work/x/usr/src/linux-source-$series.tar.xz" -C "$src" --strip-components=1
python3 "$patch" "$src"
cp "$work/x/usr/src/linux-headers-$abi/.config" "$src/.config"
rm -rf "$work/debs" "$work/x"

lsmod_file "$board" "$abi" $lists > "$work/lsmod"
echo "appliance kernel (arm64): localmodconfig with $(($(wc -l < "$work/lsmod") - 1)) modules" >&2
kmake() { nice -n 19 make -C "$src" -j"$(nproc)" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- "$@"; }
configure_kernel "$src" "$work" "$fragment"

stamp="Debian $version source, Playhead config"
start=$(date +%s)
echo "appliance kernel (arm64): building (nice -n 19, $(nproc) jobs; once, then cached in $dir)" >&2
kmake KBUILD_BUILD_TIMESTAMP="$stamp" KBUILD_BUILD_USER=playhead KBUILD_BUILD_HOST=debian \
  Image modules >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; fail "the kernel build failed (log above)"; }
release=$(cat "$src/include/config/kernel.release")
kmake INSTALL_MOD_PATH="$work/modules" INSTALL_MOD_STRIP=1 DEPMOD=/bin/true modules_install >>"$work/build.log" 2>&1 \
  || { tail -30 "$work/build.log" >&2; fail "modules_install failed (log above)"; }
rm -f "$work/modules/lib/modules/$release"/{build,source}
depmod -b "$work/modules" "$release"
echo "appliance kernel (arm64): $release built in $(( $(date +%s) - start )) s" | tee "$work/build-time" >&2
cp "$src/arch/arm64/boot/Image" "$src/vmlinux" "$work/"
cp "$src/.config" "$work/config"
echo "$release" > "$work/release"
check_modules "$work/modules" "$release"
rm -rf "$src"
touch "$work/.done"
rm -rf "$dir" && mv "$work" "$dir"
echo "$dir"
