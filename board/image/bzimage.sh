#!/usr/bin/env bash
# The compressed kernel (bzImage) a boot loader loads, for the same Debian kernel the emulated
# board boots as a vmlinux: fetched once with apt-get download, kept beside it in the cache.
# Usage: bzimage.sh CACHE ABI   Prints the bzImage's path.
set -euo pipefail
cache=${1:?usage: bzimage.sh CACHE ABI}
abi=${2:?usage: bzimage.sh CACHE ABI}
out=$cache/$abi/vmlinuz
if [ ! -s "$out" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  echo "image: fetching linux-image-$abi for its bzImage (about 70 MB, once)" >&2
  (cd "$tmp" && apt-get download -q "linux-image-$abi" >&2) \
    || { echo "image: apt-get download linux-image-$abi failed; check the network and apt sources" >&2; exit 1; }
  dpkg-deb --fsys-tarfile "$tmp"/linux-image-*.deb | tar -x -C "$tmp" "./boot/vmlinuz-$abi"
  mkdir -p "$cache/$abi" && mv "$tmp/boot/vmlinuz-$abi" "$out"
fi
echo "$out"
