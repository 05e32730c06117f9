#!/usr/bin/env bash
# The bundles update-test.py installs and refuses, into OUT/ (docs/updates.md):
#   good.raucb         the image's root, its version made newer by a `.1` field;
#   bad.raucb          the same, with a playhead that never shows a frame (bad-bundle.sh);
#   foreign.raucb      signed by a key made here, which no board trusts;
#   other-board.raucb  made for another board's compatible;
#   old.raucb          older than any image (2000.01.01).
# The three refused ones carry a tiny root: RAUC refuses them before writing any slot, and a
# slot written by mistake would show the test failing.
# BUNDLE_ARCH=arm64: for the arm64 card (its compatible, its slots' kernel FAT, boot.vfat beside
# ROOT.sqfs; x86_64's compatible is the other board's).
# Usage: test-bundles.sh OUT ROOT.sqfs KEY CERT KEYRING
set -euo pipefail
usage="usage: test-bundles.sh OUT ROOT.sqfs KEY CERT KEYRING"
out=${1:?$usage} sqfs=${2:?$usage} key=${3:?$usage} cert=${4:?$usage} keyring=${5:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
compatible=playhead-x86_64 other=playhead-rpi4-arm64
if [ "${BUNDLE_ARCH:-x86_64}" = arm64 ]; then
  compatible=playhead-rpi4-arm64 other=playhead-x86_64
  export BUNDLE_BOOT=${sqfs%/*}/boot.vfat
fi
rm -rf "$out" && mkdir -p "$out"
version=$(unsquashfs -cat "$sqfs" etc/playhead-release | head -n 1)
newer="${version%%-*}.1-${version#*-}"
"$here/bundle.sh" "$out/good.raucb" "$sqfs" "$newer" "$key" "$cert" "$keyring" "$compatible"
"$here/bad-bundle.sh" "$out/bad.raucb" "$sqfs" "$newer" "$key" "$cert" "$keyring" "$compatible"
work=$(mktemp -d "$out/work.XXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/tiny"
echo "not a system: update-test's refused bundle" > "$work/tiny/README"
# RAUC wants a payload above one 4 KiB block: noise does not compress.
head -c 16384 /dev/urandom > "$work/tiny/noise"
mksquashfs "$work/tiny" "$work/tiny.sqfs" -comp xz -all-root -noappend -quiet -no-progress >&2
# The refused bundles' kernel image, where the card's slots want one: the tiny root again.
[ -z "${BUNDLE_BOOT:-}" ] || BUNDLE_BOOT=$work/tiny.sqfs
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 -subj "/CN=a stranger" \
  -keyout "$work/stranger.key" -out "$work/stranger.cert" 2>/dev/null
BUNDLE_SBOM=no "$here/bundle.sh" "$out/foreign.raucb" "$work/tiny.sqfs" "$newer" "$work/stranger.key" "$work/stranger.cert" "$work/stranger.cert" "$compatible"
BUNDLE_SBOM=no "$here/bundle.sh" "$out/other-board.raucb" "$work/tiny.sqfs" "$newer" "$key" "$cert" "$keyring" "$other"
BUNDLE_SBOM=no "$here/bundle.sh" "$out/old.raucb" "$work/tiny.sqfs" 2000.01.01.000000-old "$key" "$cert" "$keyring" "$compatible"
