# Shared by the scripts that fill a root tree (sourced, bash): the emulated boards' initramfs,
# the images' roots and their early-boot initramfs.
# For an aarch64 root, STAGE_SYSROOT names the sysroot its libraries come from, and
# STAGE_ROOTS other unpacked roots searched after it (the host's ldd cannot run aarch64 ELFs).

# stage_elf ROOT BINARY DEST: the binary and every library it needs, at the paths the dynamic
# linker will look; LD_LIBRARY_PATH (a small FFmpeg) is honoured.
stage_elf() {
  local root=$1 bin=$2 dest=$3 lib
  install -D -m 755 "$bin" "$root$dest"
  if [ -n "${STAGE_SYSROOT:-}" ]; then stage_needed "$root" "$bin"; return; fi
  ldd "$bin" 2>/dev/null | awk '/=> \//{print $3} /^\t\/lib64/{print $1}' | while read -r lib; do
    [ -e "$root$lib" ] && continue
    install -D -m 755 "$(readlink -f "$lib")" "$root$lib"
  done
}

# stage_guest_elf ROOT GUESTROOT BINARY DEST: a binary from the guest's unpacked packages
# (guest-packages.sh; BINARY is its path inside GUESTROOT) with the libraries it needs, taken
# from GUESTROOT when the host or the sysroot lacks them (libnl for wpa_supplicant and hostapd
# is installed on neither). A library found nowhere stops the build: a binary that cannot
# start on the board would otherwise be found out only there.
stage_guest_elf() {
  local root=$1 guest=$2 bin=$3 dest=$4 libs lib
  if [ -n "${STAGE_SYSROOT:-}" ]; then
    STAGE_ROOTS="$guest ${STAGE_ROOTS:-}" stage_elf "$root" "$guest$bin" "$dest"
    return
  fi
  install -D -m 755 "$guest$bin" "$root$dest"
  libs=$(LD_LIBRARY_PATH=$guest/lib/x86_64-linux-gnu:$guest/usr/lib/x86_64-linux-gnu ldd "$guest$bin" 2>&1) \
    || { echo "stage: ldd cannot read $guest$bin" >&2; return 1; }
  if echo "$libs" | grep -q "not found"; then
    echo "stage: ${bin##*/} needs $(echo "$libs" | awk '/not found/{print $1}' | tr '\n' ' ')(not in $guest or on the host)" >&2
    return 1
  fi
  echo "$libs" | awk '/=> \//{print $3} /^\t\/lib64/{print $1}' | while read -r lib; do
    [ -e "$root${lib#"$guest"}" ] && continue
    install -D -m 755 "$(readlink -f "$lib")" "$root${lib#"$guest"}"
  done
}

# guest_path GUESTROOT NAME: where the guest's packages put the program NAME (Debian 12 in
# /sbin or /bin, 13 in /usr), as a path inside GUESTROOT.
guest_path() {
  local d
  for d in /usr/sbin /usr/bin /sbin /bin; do
    [ -e "$1$d/$2" ] && { echo "$d/$2"; return 0; }
  done
  echo "stage: $2 is not in $1" >&2
  return 1
}

# stage_regdb ROOT GUESTROOT: the wireless regulatory database (wireless-regdb) in the root's
# /lib/firmware, where cfg80211 loads it: Debian's build, which Debian's kernels trust.
stage_regdb() {
  local root=$1 guest=$2 fw
  for fw in "$guest/usr/lib/firmware" "$guest/lib/firmware"; do
    [ -e "$fw/regulatory.db-debian" ] && break
  done
  [ -e "$fw/regulatory.db-debian" ] || { echo "stage: no regulatory.db-debian in $guest" >&2; return 1; }
  install -D -m 644 "$fw/regulatory.db-debian" "$root/lib/firmware/regulatory.db"
  install -D -m 644 "$fw/regulatory.db.p7s-debian" "$root/lib/firmware/regulatory.db.p7s"
}

# stage_needed ROOT ELF: the sysroot's dynamic linker and the libraries an aarch64 ELF names
# (DT_NEEDED), and theirs, into the multiarch folder where Debian's loader looks, or into the
# folder of the ELF's RUNPATH that holds it (libpulse keeps its private library in one). One
# found in LD_LIBRARY_PATH's folders is taken from there.
stage_needed() {
  local root=$1 elf=$2 multi=/usr/lib/aarch64-linux-gnu interp lib found dir dirs from
  interp=$(readelf -l "$elf" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
  if [ -n "$interp" ] && [ ! -e "$root$interp" ]; then
    install -D -m 755 "$(readlink -f "$STAGE_SYSROOT$interp")" "$root$interp"
  fi
  dirs="$multi $(readelf -d "$elf" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p' | tr ':' ' ')"
  for lib in $(readelf -d "$elf" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    found=""
    # LD_LIBRARY_PATH (our small FFmpeg) comes before the sysroot, as it would on the board.
    for dir in $(echo "${LD_LIBRARY_PATH:-}" | tr ':' ' '); do
      [ -f "$dir/$lib" ] || continue
      [ -e "$root$multi/$lib" ] || { install -D -m 755 "$(readlink -f "$dir/$lib")" "$root$multi/$lib"; stage_needed "$root" "$dir/$lib" || return 1; }
      continue 2
    done
    for dir in $dirs; do
      [ -e "$root$dir/$lib" ] && { found=present; break; }
      for from in "$STAGE_SYSROOT" ${STAGE_ROOTS:-}; do
        found=$(readlink -f "$from$dir/$lib" 2>/dev/null) && [ -f "$found" ] && break 2
        found=""
      done
    done
    [ "$found" = present ] && continue
    [ -n "$found" ] || { echo "stage: $lib (needed by ${elf##*/}) is not in the sysroot's $dirs" >&2; return 1; }
    install -D -m 755 "$found" "$root$dir/$lib"
    stage_needed "$root" "$found" || return 1
  done
}

# stage_busybox ROOT BUSYBOX: BusyBox with a link for each applet in /bin, and the few that
# must be in /sbin (init, the kernel's modprobe, mdev).
stage_busybox() {
  local root=$1 busybox=$2 app
  mkdir -p "$root/bin" "$root/sbin"
  install -m 755 "$busybox" "$root/bin/busybox"
  local run=()
  [ -n "${STAGE_SYSROOT:-}" ] && run=(qemu-aarch64-static)
  for app in $("${run[@]}" "$busybox" --list); do
    case $app in busybox) ;; *) [ -e "$root/bin/$app" ] || ln -s busybox "$root/bin/$app" ;; esac
  done
  for app in init modprobe mdev switch_root; do ln -sf ../bin/busybox "$root/sbin/$app"; done
}

# list_names LIST...: each module a list names (modules-*: rcS's, with `?` and parameters taken
# off, and the early boot's). The kernel scripts keep a copy: their text is their cache's key.
list_names() { grep -hv '^[[:space:]]*\(#\|$\|\[later\]\)' "$@" | awk '{sub(/^\?/, "", $1); print $1}'; }

# stage_modules ROOT KERNELTREE ABI MODULE...: the modules with their dependencies, debug
# info stripped, and a fresh index. The trees' modules are plain: BusyBox's insmod reads no
# packed ones, so a packed one stops the build here rather than failing to load on the board.
stage_modules() {
  local root=$1 tree=$2 abi=$3 ko rel
  shift 3
  for m in "$@"; do
    modprobe -d "$tree" -S "$abi" --show-depends "$m" 2>/dev/null | awk '$1=="insmod"{print $2}' \
      || { echo "stage: module $m is missing from $tree" >&2; return 1; }
  done | sort -u | while read -r ko; do
    rel=${ko#"$tree"}
    case $ko in *.ko) ;; *) echo "stage: $ko is packed; BusyBox's insmod cannot load it (unpack the tree's modules)" >&2; return 1 ;; esac
    install -D -m 644 "$ko" "$root$rel"
    # The host's strip reads x86_64 objects only; the arm64 tree's modules come stripped.
    [ -n "${STAGE_SYSROOT:-}" ] || strip --strip-debug "$root$rel"
  done
  cp "$tree/lib/modules/$abi"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$abi/" 2>/dev/null || true
  depmod -b "$root" "$abi"
}
