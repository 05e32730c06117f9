#!/usr/bin/env bash
# The x86_64 image's own kernel, built from Debian's linux-source package of the same version as
# the emulated board's kernel (ABI): Debian's config for that ABI, narrowed by localmodconfig to
# the modules the image can load, then kernel/appliance.config (the first frame's drivers built
# in, vkms and gpio-sim as modules, no signing, LZ4, no debug info). The emulated boards' own
# scenarios keep Debian's kernel (../qemu-x86_64/host/kernel.sh); this one is only the image's.
# Built once under `nice -n 19` and cached in CACHE/appliance-kernel/VERSION-HASH/ (HASH: this
# script, the fragment, the patch and the module lists' names): bzImage, vmlinux (for sbom.py), config,
# release, and modules/lib/modules/RELEASE with its index.
# Usage: kernel-appliance.sh CACHE ABI   (CACHE: ~/.cache/playhead; the board's kernel for ABI
# must be in CACHE/board/ABI, as kernel.sh leaves it). Prints the cache folder on its last line.
set -euo pipefail
cache=${1:?usage: kernel-appliance.sh CACHE ABI}
abi=${2:?usage: kernel-appliance.sh CACHE ABI}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "appliance kernel: $*" >&2; exit 1; }
fragment=$here/kernel/appliance.config
patch=$here/../emulated/kernel/patch-modules.py
lists="$here/modules-x86_64 $here/modules-x86_64-emulated $here/modules-x86_64-early"
board=$cache/board/$abi/modules
[ -f "$board/lib/modules/$abi/modules.dep" ] || fail "no board kernel in $board (kernel.sh makes it)"

# Each name in the module lists: rcS's (`?` and parameters taken off) and the early boot's.
list_names() { grep -hv '^[[:space:]]*\(#\|$\|\[later\]\)' "$@" | awk '{sub(/^\?/, "", $1); print $1}'; }

# Every list's module, as a module or built in, in the kernel tree TREE of RELEASE: a module that
# localmodconfig dropped would otherwise show up only as an rcS line on the board.
check_modules() {
  local tree=$1 release=$2 m missing=""
  for m in $(list_names $lists); do
    modprobe -d "$tree" -S "$release" --show-depends "$m" >/dev/null 2>&1 || missing="$missing $m"
  done
  [ -z "$missing" ] || fail "the kernel in $tree has no$missing (neither built in nor a module)"
}

version=$(apt-cache show "linux-image-$abi" 2>/dev/null | sed -n 's/^Version: //p' | head -1)
[ -n "$version" ] || fail "apt does not know linux-image-$abi; run 'apt-get update' and retry"
# The lists count by their names only: a comment changed there builds nothing again.
hash=$( (cat "$0" "$fragment" "$patch"; list_names $lists) | sha256sum | cut -c1-12)
dir=$cache/appliance-kernel/$version-$hash
if [ -f "$dir/.done" ]; then
  check_modules "$dir/modules" "$(cat "$dir/release")"
  echo "$dir"; exit 0
fi

rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/debs" "$dir.tmp/x"
work=$dir.tmp
echo "appliance kernel: fetching linux-source-6.1 $version (about 140 MB) and Debian's config" >&2
series=$(echo "$abi" | cut -d. -f1,2)
( cd "$work/debs" && apt-get download -q "linux-source-$series=$version" "linux-headers-$abi=$version" >&2 ) \
  || fail "apt-get download of linux-source-$series $version failed; check the network and apt sources"
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$work/x"; done
src=$work/src
mkdir -p "$src"
tar -xf "$work/x/usr/src/linux-source-$series.tar.xz" -C "$src" --strip-components=1
python3 "$patch" "$src"
cp "$work/x/usr/src/linux-headers-$abi/.config" "$src/.config"
rm -rf "$work/debs" "$work/x"

# localmodconfig's list, in lsmod's shape: every module the image can load (the lists and what
# each needs, from the board kernel's index, underscores as lsmod writes them).
for m in $(list_names $lists); do
  modprobe -d "$board" -S "$abi" --show-depends "$m" || fail "the board's kernel $abi has no module $m"
done | awk '$1=="insmod"{n=$2; sub(/.*\//, "", n); sub(/\.ko.*$/, "", n); gsub(/-/, "_", n); print n}' \
  | sort -u | awk 'BEGIN{print "Module Size Used_by"} {print $1, 0, 0}' > "$work/lsmod"
echo "appliance kernel: localmodconfig with $(($(wc -l < "$work/lsmod") - 1)) modules" >&2
kmake() { nice -n 19 make -C "$src" -j"$(nproc)" "$@"; }
# localmodconfig asks about nothing new in Debian's own config; Enter takes a default if it does.
LSMOD=$work/lsmod kmake localmodconfig < <(yes '') >"$work/config.log" 2>&1 \
  || { tail -20 "$work/config.log" >&2; fail "localmodconfig failed (log above)"; }
(cd "$src" && scripts/kconfig/merge_config.sh -m .config "$fragment") >>"$work/config.log" 2>&1 \
  || { tail -20 "$work/config.log" >&2; fail "merging $fragment failed (log above)"; }
kmake olddefconfig >>"$work/config.log" 2>&1 || { tail -20 "$work/config.log" >&2; fail "olddefconfig failed"; }
# Kconfig quietly drops a line whose dependencies are off: each of the fragment's must be there.
while IFS= read -r line; do
  case $line in
    "# CONFIG_"*" is not set")
      sym=${line#\# }; sym=${sym%% *}
      if grep -q "^$sym=" "$src/.config"; then fail "$fragment: $sym is still set"; fi ;;
    CONFIG_*)
      grep -qxF "$line" "$src/.config" \
        || fail "$fragment: '$line' did not hold (final: $(grep "^${line%%=*}=" "$src/.config" || echo "not set"))" ;;
  esac
done < "$fragment"

# The banner says where it came from (sbom.py reads the version from it); fixed user, host and
# time, so the same source and config make the same kernel.
stamp="Debian $version source, Playhead config"
start=$(date +%s)
echo "appliance kernel: building (nice -n 19, $(nproc) jobs; about 25 minutes, once)" >&2
kmake KBUILD_BUILD_TIMESTAMP="$stamp" KBUILD_BUILD_USER=playhead KBUILD_BUILD_HOST=debian \
  bzImage modules >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; fail "the kernel build failed (log above)"; }
release=$(cat "$src/include/config/kernel.release")
kmake INSTALL_MOD_PATH="$work/modules" INSTALL_MOD_STRIP=1 DEPMOD=/bin/true modules_install >>"$work/build.log" 2>&1 \
  || { tail -30 "$work/build.log" >&2; fail "modules_install failed (log above)"; }
rm -f "$work/modules/lib/modules/$release"/{build,source}
depmod -b "$work/modules" "$release"
echo "appliance kernel: $release built in $(( $(date +%s) - start )) s" | tee "$work/build-time" >&2
cp "$src/arch/x86/boot/bzImage" "$src/vmlinux" "$work/"
cp "$src/.config" "$work/config"
echo "$release" > "$work/release"
check_modules "$work/modules" "$release"
rm -rf "$src"
touch "$work/.done"
rm -rf "$dir" && mv "$work" "$dir"
echo "$dir"
