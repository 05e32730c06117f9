#!/usr/bin/env bash
# A signed RAUC bundle of a root (`make bundle`, `make bundle ARCH=arm64`; docs/updates.md): the
# squashfs that `make image` put in slot A (kept beside the disk as root.sqfs), written whole
# into the other slot by `rauc install` on the board. BUNDLE_BOOT (the arm64 card): the FAT
# image with the slot's kernel and early boot (boot.vfat beside the card), written into the
# other slot's kernel partition by the same install. A verity bundle: the board's kernel checks each block
# against the signed hash tree as RAUC reads it. OUT.raucb.spdx.json: its bill of materials
# (BUNDLE_SBOM=no: none, for test bundles whose root is no system).
# VERSION empty: the root's own (its /etc/playhead-release). Tests give another to make a bundle
# that claims to be newer or older than the image.
# Usage: bundle.sh OUT.raucb ROOT.sqfs VERSION KEY CERT KEYRING [COMPATIBLE]
set -euo pipefail
usage="usage: bundle.sh OUT.raucb ROOT.sqfs VERSION KEY CERT KEYRING [COMPATIBLE]"
out=${1:?$usage} sqfs=${2:?$usage} version=${3?$usage} key=${4:?$usage} cert=${5:?$usage} keyring=${6:?$usage}
compatible=${7:-playhead-x86_64}
boot=${BUNDLE_BOOT:-}
command -v rauc >/dev/null || { echo "bundle: rauc is missing; run 'make deps'" >&2; exit 1; }
[ -s "$sqfs" ] || { echo "bundle: $sqfs is missing; run 'make image' first" >&2; exit 1; }
[ -n "$version" ] || version=$(unsquashfs -cat "$sqfs" etc/playhead-release 2>/dev/null | head -n 1)
# A version is one word: it is shown on the console and in `rauc status`.
case $version in ''|*[!A-Za-z0-9._+~-]*) echo "bundle: version '$version': letters, digits and ._+~- only" >&2; exit 1 ;; esac
work=$(mktemp -d "${out%/*}/bundle.XXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/content"
cp "$sqfs" "$work/content/root.squashfs"
if [ -n "$boot" ]; then
  [ -s "$boot" ] || { echo "bundle: $boot is missing; run 'make image ARCH=arm64' first" >&2; exit 1; }
  # .img: RAUC writes it as it is into the raw slot.
  cp --sparse=always "$boot" "$work/content/boot.img"
  cp "$(dirname "$0")/rauc/card-install-check" "$work/content/hook"
fi
cat > "$work/content/manifest.raucm" <<MANIFEST
[update]
compatible=$compatible
version=$version
description=Playhead root for $compatible (kernel, early boot, playhead)

[bundle]
format=verity

[image.rootfs]
filename=root.squashfs
MANIFEST
# The card's bundles: its kernel FAT, and a check that the card's boot script can start it.
[ -z "$boot" ] || printf '\n[image.boot]\nfilename=boot.img\n\n[hooks]\nfilename=hook\nhooks=install-check\n' \
  >> "$work/content/manifest.raucm"
rm -f "$out.tmp"
# --keyring: rauc checks the new signature against it before it writes the bundle.
rauc bundle --cert="$cert" --key="$key" --keyring="$keyring" "$work/content" "$out.tmp" >&2
mv "$out.tmp" "$out"
# The bundle's bill of materials beside it: the one its root carries (sbom.py), named for it.
if [ "${BUNDLE_SBOM:-yes}" != no ]; then
  unsquashfs -cat "$sqfs" usr/share/playhead/sbom.spdx.json > "$work/root.spdx.json" \
    || { echo "bundle: $sqfs has no bill of materials; run 'make image' again" >&2; exit 1; }
  python3 "$(dirname "$0")/sbom_spdx.py" "$(basename "$out")" "$version" < "$work/root.spdx.json" > "$out.spdx.json"
fi
echo "bundle: $out ($(du -k "$out" | cut -f1) KB, version $version)" >&2
