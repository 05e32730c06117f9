# Shared by the scripts that fill a root tree (sourced, bash): the emulated board's initramfs,
# the image's root and its early-boot initramfs.

# stage_elf ROOT BINARY DEST: the binary and every library it needs, at the paths the dynamic
# linker will look; LD_LIBRARY_PATH (a small FFmpeg) is honoured.
stage_elf() {
  local root=$1 bin=$2 dest=$3 lib
  install -D -m 755 "$bin" "$root$dest"
  ldd "$bin" 2>/dev/null | awk '/=> \//{print $3} /^\t\/lib64/{print $1}' | while read -r lib; do
    [ -e "$root$lib" ] && continue
    install -D -m 755 "$(readlink -f "$lib")" "$root$lib"
  done
}

# stage_busybox ROOT BUSYBOX: BusyBox with a link for each applet in /bin, and the few that
# must be in /sbin (init, the kernel's modprobe, mdev).
stage_busybox() {
  local root=$1 busybox=$2 app
  mkdir -p "$root/bin" "$root/sbin"
  install -m 755 "$busybox" "$root/bin/busybox"
  for app in $("$busybox" --list); do
    case $app in busybox) ;; *) [ -e "$root/bin/$app" ] || ln -s busybox "$root/bin/$app" ;; esac
  done
  for app in init modprobe mdev switch_root; do ln -sf ../bin/busybox "$root/sbin/$app"; done
}

# stage_modules ROOT KERNELTREE ABI MODULE...: the modules with their dependencies, debug
# info stripped, and a fresh index.
stage_modules() {
  local root=$1 tree=$2 abi=$3 ko rel
  shift 3
  for m in "$@"; do
    modprobe -d "$tree" -S "$abi" --show-depends "$m" 2>/dev/null | awk '$1=="insmod"{print $2}' \
      || { echo "stage: module $m is missing from $tree" >&2; return 1; }
  done | sort -u | while read -r ko; do
    rel=${ko#"$tree"}
    install -D -m 644 "$ko" "$root$rel"
    strip --strip-debug "$root$rel"
  done
  cp "$tree/lib/modules/$abi"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$abi/" 2>/dev/null || true
  depmod -b "$root" "$abi"
}
