#!/bin/sh
# The card bundles' install-check hook (rauc/card-install-check) on the host, as the board's
# RAUC runs it: each case's exit status and last line of standard error. The board's own run
# is update-test's (the card's good bundle installs through it).
set -u
hook=$(dirname "$0")/rauc/card-install-check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/new" "$work/old"
grep -v kernel_comp "$(dirname "$0")/uboot/boot.cmd" > "$work/old/boot.cmd"
cp "$(dirname "$0")/uboot/boot.cmd" "$work/new/boot.cmd"
failed=0
# case NAME DIR MF_COMPATIBLE WANT_STATUS WANT_WORDS
case_() {
  RAUC_SYSTEM_COMPATIBLE=playhead-rpi4-arm64 RAUC_MF_COMPATIBLE=$3 PLAYHEAD_BOOT_DIR=$work/$2 \
    sh "$hook" install-check >/dev/null 2>"$work/said"
  status=$?
  said=$(tail -n 1 "$work/said")
  case "$status:$said" in
    "$4:"*"$5"*) echo "hook-test: $1: exit $status${said:+ ($said)}" ;;
    *) echo "hook-test: FAIL: $1: exit $status, said '$said' (wanted exit $4 saying '$5')"; failed=1 ;;
  esac
}
case_ "this card, its bundle" new playhead-rpi4-arm64 0 ""
case_ "a card flashed before the packed kernel" old playhead-rpi4-arm64 10 "flash the card"
case_ "the x86_64 disk's bundle" new playhead-x86_64 10 "Compatible mismatch"
case_ "no firmware FAT mounted" missing playhead-rpi4-arm64 10 "not mounted"
exit $failed
