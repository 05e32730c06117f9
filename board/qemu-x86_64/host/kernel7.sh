#!/usr/bin/env bash
# The board's second kernel profile: a pinned Linux 7.2 from Debian's trixie-backports, whose
# vkms has YUV planes with COLOR_ENCODING/COLOR_RANGE, rotation and configfs. Debian leaves vkms
# out; it is built out of tree in a trixie build root (the kernel was built with gcc-14, which
# Debian 12 lacks). apt reads a configuration of its own under CACHE: the machine's sources are
# never touched. Everything lands in CACHE/<abi>/ (and the build root in CACHE/buildroot-trixie),
# OUT/<abi> links to it.   Usage: kernel7.sh OUT CACHE   Prints the kernel ABI on the last line.
set -euo pipefail
out=${1:?usage: kernel7.sh OUT CACHE}
cache=${2:?usage: kernel7.sh OUT CACHE}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../emulated/kernel/kernel-common.sh"

# Pinned: trixie-backports keeps a few 7.2.x builds side by side, and a moving kernel would make
# every board run a different board.
ver=7.2.12+deb13 srcver=7.2.12-1~bpo13+1 series=7.2
abi=$ver-amd64
dir=$cache/$abi
if [ -f "$dir/.done" ]; then publish_link "$out" "$dir" "$abi"; exit 0; fi

apt_dir=$cache/apt-trixie
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
printf 'deb http://deb.debian.org/debian trixie main\ndeb http://deb.debian.org/debian trixie-backports main\n' \
  > "$apt_dir/sources.list"
apt_opts=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$apt_dir/lists"
  -o "Dir::Cache=$apt_dir/cache" -o Dir::State::status=/dev/null -o APT::Sandbox::User="$(id -un)")
apt-get "${apt_opts[@]}" update -qq >&2 || fail "apt-get update of trixie and trixie-backports failed; check the network"

rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/debs" "$dir.tmp/root"
echo "board: fetching Debian's kernel $abi and its sources (about 300 MB, once)" >&2
( cd "$dir.tmp/debs" && apt-get "${apt_opts[@]}" download -q "linux-binary-$abi" "linux-modules-$abi" "linux-base-$abi" \
    "linux-headers-$abi" "linux-headers-$ver-common" "linux-kbuild-$ver" "linux-source-$series=$srcver" >&2 ) \
  || fail "apt-get download of the kernel packages for $abi failed (is $ver still in trixie-backports?)"
for deb in "$dir.tmp"/debs/*.deb; do dpkg-deb -x "$deb" "$dir.tmp/root"; done
root=$dir.tmp/root
python3 "$here/extract-vmlinux.py" "$root/usr/lib/modules/$abi/vmlinuz" "$dir.tmp/vmlinux"

# The build root: trixie's gcc-14 and pahole (the module's BTF), made once and kept.
broot=$(trixie_buildroot "$cache" | tail -1)
for deb in "$dir.tmp"/debs/linux-headers-*.deb "$dir.tmp"/debs/linux-kbuild-*.deb; do $SUDO dpkg-deb -x "$deb" "$broot"; done

work=/build/vkms-$ver
$SUDO rm -rf "$broot$work" && $SUDO mkdir -p "$broot$work"
# As it is: 7.x vkms lets writeback clone the CRTC's encoder (6.1 needed patch-modules.py).
$SUDO tar -xf "$root/usr/src/linux-source-$series.tar.xz" -C "$broot$work" --strip-components=5 \
  "linux-source-$series/drivers/gpu/drm/vkms"
# objtool reads /proc; it is unmounted whatever happens to the build.
$SUDO mount -t proc proc "$broot/proc"
trap '$SUDO umount "$broot/proc" 2>/dev/null || true' EXIT
$SUDO chroot "$broot" make -s -C "/usr/src/linux-headers-$abi" M="$work" CONFIG_DRM_VKMS=m CC=gcc-14 -j"$(nproc)" modules \
    >"$dir.tmp/vkms.log" 2>&1 \
  || { tail -20 "$dir.tmp/vkms.log" >&2; fail "building vkms for $abi failed (log above)"; }
$SUDO umount "$broot/proc"
trap - EXIT

# Debian's modules come xz-packed; BusyBox's insmod wants them plain. linux-base has the
# modules.builtin list, without which modprobe cannot tell a built-in module from a missing one.
mods=$dir.tmp/modules
mkdir -p "$mods/lib/modules/$abi/extra"
cp -a "$root/usr/lib/modules/$abi/." "$mods/lib/modules/$abi/"
find "$mods/lib/modules/$abi" -name '*.ko.xz' -exec xz -d {} +
cp "$broot$work/vkms.ko" "$mods/lib/modules/$abi/extra/"
depmod -b "$mods" "$abi"
rm -f "$mods/lib/modules/$abi/vmlinuz"

rm -rf "$dir.tmp/debs" "$root"
publish "$out" "$dir" "$abi"
