#!/usr/bin/env bash
# Fetches the guest's userland packages (apt-get download, not installed on the host) and
# unpacks them into CACHE/guest-root: Debian 12's for the x86_64 board; with ARCH arm64,
# trixie's arm64 ones (through scripts/cross/apt.sh's own apt configuration, in CACHE/apt), the
# release of the aarch64 playhead's sysroot, whose libraries they then use.
# Usage: guest-packages.sh CACHE [arm64]  Prints the root's path.
set -euo pipefail
cache=${1:?usage: guest-packages.sh CACHE [arm64]}
arch=${2:-}
# Wi-Fi: wpa_supplicant (the images' too, mkroot.sh) and wpa_passphrase, hostapd and iw for the
# board's access point (scenario 28), the regulatory database, and the libraries of theirs that
# neither the host (x86_64) nor the sysroot (arm64) has. v4l-utils: cec-ctl and cec-follower, the TV
# on vivid's CEC bus (scenario 33).
packages="busybox-static alsa-utils gpiod wpasupplicant hostapd iw wireless-regdb libnl-3-200 libnl-genl-3-200
  libnl-route-3-200 libpcsclite1 libdbus-1-3 v4l-utils"
root=$cache/guest-root
if [ "$arch" = arm64 ]; then
  . "$(dirname "$0")/../../../scripts/cross/apt.sh"
  cross_apt "$cache/apt" "trixie trixie-updates" arm64 amd64
  policy() { xapt_cache policy "$@"; }
  download() { xapt download -q "$@"; }
else
  policy() { apt-cache policy "$@"; }
  download() { apt-get download -q "$@"; }
fi
key=$(policy $packages 2>/dev/null | awk '/Candidate/{print $2}' | tr '\n' '-')
[ -n "$key" ] || { echo "board: apt does not know $packages; run 'apt-get update' and retry" >&2; exit 1; }
if [ "$(cat "$root/.key" 2>/dev/null)" != "$key" ]; then
  rm -rf "$root" "$cache/guest-debs" && mkdir -p "$cache/guest-debs" "$root"
  # shellcheck disable=SC2086  # one word per package
  (cd "$cache/guest-debs" && download $packages >&2) \
    || { echo "board: apt-get download of $packages failed; check the network and apt sources" >&2; exit 1; }
  for deb in "$cache"/guest-debs/*.deb; do dpkg-deb -x "$deb" "$root"; done
  echo "$key" > "$root/.key"
fi
echo "$root"
