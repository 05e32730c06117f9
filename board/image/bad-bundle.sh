#!/usr/bin/env bash
# A signed bundle whose playhead never shows a frame, for update-test.py --bad: the image's
# root with /usr/bin/playhead replaced by a script that fails at once, and CONFIRM_SECONDS=5 in
# /etc/default/playhead, so each of the boot loader's three tries ends in slot-confirm's reboot within a
# minute instead of five.
# Usage: bad-bundle.sh OUT.raucb ROOT.sqfs VERSION KEY CERT KEYRING [COMPATIBLE]   (BUNDLE_BOOT: bundle.sh's)
set -euo pipefail
usage="usage: bad-bundle.sh OUT.raucb ROOT.sqfs VERSION KEY CERT KEYRING"
out=${1:?$usage} sqfs=${2:?$usage} version=${3:?$usage}
shift 3
[ -s "$sqfs" ] || { echo "bad-bundle: $sqfs is missing; run 'make image' first" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${out%/*}/bad-bundle.XXXX")
trap 'rm -rf "$work"' EXIT
unsquashfs -q -n -d "$work/root" "$sqfs" >&2
printf '#!/bin/sh\necho "playhead: this is update-test'"'"'s broken build: no frame" >&2\nexit 3\n' > "$work/root/usr/bin/playhead"
chmod 755 "$work/root/usr/bin/playhead"
echo "CONFIRM_SECONDS=5" >> "$work/root/etc/default/playhead"
# gzip, as the x86_64 root (mkdisk.sh; the card's root is zstd, and its kernel reads both). Its three tries were not measurably shorter than
# with xz (about 51 s each, 2026-11-28): kept for sameness, not for speed.
mksquashfs "$work/root" "$work/root.sqfs" -comp gzip -Xcompression-level 9 -all-root -noappend -quiet -no-progress >&2
# Its bill would name a playhead that is not there: none.
BUNDLE_SBOM=no "$here/bundle.sh" "$out" "$work/root.sqfs" "$version" "$@"
