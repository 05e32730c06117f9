#!/usr/bin/env bash
# playhead for aarch64 Linux (Debian 13 boards): makes or reuses the cached build root and
# sysroot, cross-compiles, and, when qemu-user is there, checks that the binary starts.
# Usage: arm64.sh CACHE OUT   (run from the package; `make build ARCH=arm64`)
set -euo pipefail
cache=${1:?usage: arm64.sh CACHE OUT}
out=${2:?usage: arm64.sh CACHE OUT}
here=$(cd "$(dirname "$0")" && pwd)
start=$(date +%s)
root=$("$here/buildroot.sh" "$cache" | tail -1)
# ccache in the build root, added to a root made before it was asked for (best effort: without
# it the build is the same, only slower). Not in buildroot.sh: its key would make a new root.
if [ -n "${CCACHE_DIR:-}" ] && [ ! -x "$root/usr/bin/ccache" ]; then
  "$here/in-root.sh" "$root" -- sh -c "apt-get -q -o Acquire::Check-Valid-Until=false update && DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends ccache && apt-get clean" > "$cache/ccache-install.log" 2>&1 \
    || echo "cross: ccache could not be added to the build root ($cache/ccache-install.log); building without it" >&2
fi
sysroot=$("$here/sysroot.sh" "$cache" "$(awk '{print $2}' "$root/.key")" | tail -1)
binary=$(nice -n 10 "$here/build.sh" "$root" "$sysroot" "$out" | tail -1)
ln -sfn "$sysroot" "$out/sysroot"
echo "cross: $(file -b "$binary" | cut -d, -f1-2), $(du -h "$binary" | cut -f1), in $(($(date +%s) - start)) s" >&2
if command -v qemu-aarch64-static >/dev/null; then
  qemu-aarch64-static -L "$sysroot" "$binary" --help > "$out/help.txt" \
    || { echo "cross: $binary --help failed under qemu-aarch64-static" >&2; exit 1; }
  echo "cross: it starts under qemu-aarch64-static: $(head -1 "$out/help.txt")" >&2
fi
echo "$binary"
