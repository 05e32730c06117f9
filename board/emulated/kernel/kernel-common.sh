# Shared by the emulated boards' kernel scripts (host/kernel.sh and host/kernel7.sh of
# board/qemu-x86_64, host/kernel.sh of board/qemu-aarch64); sourced.
fail() { echo "board: $*" >&2; exit 1; }

# OUT/<abi> names the cached kernel; the ABI goes on the last line for the Makefile.
publish_link() {
  mkdir -p "$1" && ln -sfn "$2" "$1/$3"
  echo "$3"
}

# Marks DIR.tmp complete and moves it in place: a run cut short leaves no half cache behind.
publish() {
  touch "$2.tmp/.done"
  rm -rf "$2" && mv "$2.tmp" "$2"
  publish_link "$1" "$2" "$3"
}

SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

# The trixie build root in CACHE/buildroot-trixie (debootstrap, about 500 MB, made once and
# kept): gcc-14 as Debian built its 7.x amd64 kernels, pahole for the modules' BTF, and gcc-14's
# aarch64 cross compiler, which built trixie's arm64 kernel (board/qemu-aarch64). A root made
# before the cross compiler was added gets it with apt. Prints the root's path. Made under a lock:
# in `make test` the arm64 parts are built beside the x86_64 board (scripts/beside.sh), and both
# may ask for the root at once.
trixie_buildroot() {
  mkdir -p "$1"
  ( flock 9 && trixie_buildroot_unlocked "$1" ) 9> "$1/buildroot-trixie.lock"
}

trixie_buildroot_unlocked() {
  local cache=$1 broot=$1/buildroot-trixie
  if [ ! -f "$broot/.done" ]; then
    echo "board: making a trixie build root with debootstrap (about 600 MB, once)" >&2
    $SUDO rm -rf "$broot.tmp"
    $SUDO debootstrap --variant=minbase \
        --include=gcc-14,gcc-14-aarch64-linux-gnu,make,libc6-dev,bc,kmod,libelf-dev,xz-utils,dwarves \
        trixie "$broot.tmp" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 \
      || { tail -20 "$cache/debootstrap.log" >&2; fail "debootstrap of the trixie build root failed (log above)"; }
    $SUDO touch "$broot.tmp/.done" && $SUDO rm -rf "$broot" && $SUDO mv "$broot.tmp" "$broot"
  fi
  if [ ! -x "$broot/usr/bin/aarch64-linux-gnu-gcc-14" ]; then
    echo "board: adding gcc-14-aarch64-linux-gnu to the trixie build root (once)" >&2
    $SUDO cp /etc/resolv.conf "$broot/etc/resolv.conf"
    $SUDO chroot "$broot" sh -c 'apt-get -q update && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends gcc-14-aarch64-linux-gnu && apt-get clean' >"$cache/buildroot-apt.log" 2>&1 \
      || { tail -20 "$cache/buildroot-apt.log" >&2; fail "installing gcc-14-aarch64-linux-gnu in $broot failed (log above)"; }
  fi
  echo "$broot"
}
