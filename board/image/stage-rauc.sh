#!/usr/bin/env bash
# RAUC in a root (docs/updates.md): rauc with its libraries, the boot loader's environment tool
# RAUC runs (grub-editenv on x86_64; fw_printenv/fw_setenv and /etc/fw_env.config on the arm64
# card, U-Boot), dbus-daemon for the private bus rauc's client and service talk over
# (rauc/rauc-run), the configuration and the keyring bundles are checked against, and
# slot-confirm with ph-notify-wait, which confirm the booted slot after playhead's first frame.
# x86_64: the host's Debian 12 binaries (rauc 1.8). arm64: RAUC_TOOLS names trixie's unpacked
# rauc 1.13, dbus-daemon and libubootenv-tool (arm64-packages.sh), STAGE_SYSROOT the sysroot,
# and PH_NOTIFY_WAIT the cross-built ph-notify-wait (build-arm64.sh).
# KEYRING: the certificates a bundle's signer must chain to (default: the development one in
# board/keys/; an owner names their own, board/keys/README.md).
# Usage: stage-rauc.sh ROOT [KEYRING]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${1:?usage: stage-rauc.sh ROOT [KEYRING]}
keyring=${2:-${RAUC_KEYRING:-$here/../keys/development.cert.pem}}
. "$here/stage-lib.sh"
fail() { echo "image: $*" >&2; exit 1; }
[ -s "$keyring" ] || fail "no keyring $keyring"
before=$(du -sk "$root" | cut -f1)
if [ -n "${RAUC_TOOLS:-}" ]; then
  tools=$RAUC_TOOLS
  for tool in rauc dbus-daemon fw_printenv fw_setenv; do
    [ -x "$tools/usr/bin/$tool" ] || fail "$tool is missing from $tools"
    STAGE_ROOTS=$tools stage_elf "$root" "$tools/usr/bin/$tool" "/usr/bin/$tool"
  done
  [ -x "${PH_NOTIFY_WAIT:-}" ] || fail "no aarch64 ph-notify-wait (PH_NOTIFY_WAIT=${PH_NOTIFY_WAIT:-})"
  stage_elf "$root" "$PH_NOTIFY_WAIT" /usr/bin/ph-notify-wait
  install -D -m 644 "$here/rauc/system-arm64.conf.in" "$root/etc/rauc/system.conf.in"
  install -D -m 644 "$here/uboot/fw_env.config" "$root/etc/fw_env.config"
  install -D -m 755 "$here/rauc/rauc-path/fw_setenv" "$root/usr/lib/playhead/rauc-path/fw_setenv"
  loader="fw_printenv, fw_setenv"
else
  for tool in rauc grub-editenv dbus-daemon; do
    command -v "$tool" >/dev/null || fail "$tool is missing; run 'make deps' (rauc, grub-common, dbus-daemon)"
  done
  stage_elf "$root" "$(command -v rauc)" /usr/bin/rauc
  stage_elf "$root" "$(command -v grub-editenv)" /usr/bin/grub-editenv
  stage_elf "$root" "$(command -v dbus-daemon)" /usr/bin/dbus-daemon
  install -D -m 644 "$here/rauc/system.conf.in" "$root/etc/rauc/system.conf.in"
  install -D -m 755 "$here/rauc/rauc-path/grub-editenv" "$root/usr/lib/playhead/rauc-path/grub-editenv"
  # slot-confirm's ear for playhead's first frame.
  gcc -Os -s -Wall -Werror -o "$root.notify" "$here/rauc/ph-notify-wait.c"
  stage_elf "$root" "$root.notify" /usr/bin/ph-notify-wait
  rm "$root.notify"
  loader=grub-editenv
fi
install -D -m 644 "$here/rauc/bus.conf" "$root/etc/rauc/bus.conf"
install -D -m 644 "$keyring" "$root/etc/rauc/keyring.pem"
install -D -m 755 "$here/rauc/rauc-run" "$root/usr/lib/playhead/rauc-run"
install -D -m 755 "$here/rauc/slot-confirm" "$root/usr/lib/playhead/slot-confirm"
install -D -m 644 "$here/rauc/boot-count" "$root/usr/lib/playhead/boot-count"
# playhead's `update` (the agent, root's) and the downgrade refusal (RAUC's pre-install handler).
install -D -m 755 "$here/rauc/update-agent" "$root/usr/lib/playhead/update-agent"
install -D -m 755 "$here/rauc/rauc-pre-install" "$root/usr/lib/playhead/rauc-pre-install"
echo "image: RAUC, $loader and dbus-daemon add $(( ($(du -sk "$root" | cut -f1) - before) / 1024 )) MB to the root (before compression)" >&2
