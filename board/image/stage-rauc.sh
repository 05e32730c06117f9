#!/usr/bin/env bash
# RAUC in the x86_64 root (docs/updates.md): Debian's rauc 1.8 with its libraries, grub-editenv
# (RAUC's GRUB backend runs it), dbus-daemon for the private bus rauc's client and service talk
# over (rauc/rauc-run), the configuration and the keyring bundles are checked against, and
# slot-confirm with ph-notify-wait, which confirm the booted slot after playhead's first frame.
# KEYRING: the certificates a bundle's signer must chain to (default: the development one in
# board/keys/; an owner names their own, board/keys/README.md).
# Usage: stage-rauc.sh ROOT [KEYRING]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${1:?usage: stage-rauc.sh ROOT [KEYRING]}
keyring=${2:-${RAUC_KEYRING:-$here/../keys/development.cert.pem}}
. "$here/stage-lib.sh"
for tool in rauc grub-editenv dbus-daemon; do
  command -v "$tool" >/dev/null || { echo "image: $tool is missing; run 'make deps' (rauc, grub-common, dbus-daemon)" >&2; exit 1; }
done
[ -s "$keyring" ] || { echo "image: no keyring $keyring" >&2; exit 1; }
before=$(du -sk "$root" | cut -f1)
stage_elf "$root" "$(command -v rauc)" /usr/bin/rauc
stage_elf "$root" "$(command -v grub-editenv)" /usr/bin/grub-editenv
stage_elf "$root" "$(command -v dbus-daemon)" /usr/bin/dbus-daemon
install -D -m 644 "$here/rauc/system.conf.in" "$root/etc/rauc/system.conf.in"
install -D -m 644 "$here/rauc/bus.conf" "$root/etc/rauc/bus.conf"
install -D -m 644 "$keyring" "$root/etc/rauc/keyring.pem"
install -D -m 755 "$here/rauc/rauc-run" "$root/usr/lib/playhead/rauc-run"
install -D -m 755 "$here/rauc/rauc-path/grub-editenv" "$root/usr/lib/playhead/rauc-path/grub-editenv"
install -D -m 755 "$here/rauc/slot-confirm" "$root/usr/lib/playhead/slot-confirm"
# playhead's `update` (the agent, root's) and the downgrade refusal (RAUC's pre-install handler).
install -D -m 755 "$here/rauc/update-agent" "$root/usr/lib/playhead/update-agent"
install -D -m 755 "$here/rauc/rauc-pre-install" "$root/usr/lib/playhead/rauc-pre-install"
# slot-confirm's ear for playhead's first frame.
gcc -Os -s -Wall -Werror -o "$root.notify" "$here/rauc/ph-notify-wait.c"
stage_elf "$root" "$root.notify" /usr/bin/ph-notify-wait
rm "$root.notify"
echo "image: RAUC, grub-editenv and dbus-daemon add $(( ($(du -sk "$root" | cut -f1) - before) / 1024 )) MB to the root (before compression)" >&2
