#!/usr/bin/env bash
# Fetches the guest's userland packages (apt-get download, not installed on the host) and
# unpacks them into CACHE/guest-root. Usage: guest-packages.sh CACHE  Prints the root's path.
set -euo pipefail
cache=${1:?usage: guest-packages.sh CACHE}
packages="busybox-static alsa-utils gpiod"
root=$cache/guest-root
key=$(apt-cache policy $packages 2>/dev/null | awk '/Candidate/{print $2}' | tr '\n' '-')
[ -n "$key" ] || { echo "board: apt does not know $packages; run 'apt-get update' and retry" >&2; exit 1; }
if [ "$(cat "$root/.key" 2>/dev/null)" != "$key" ]; then
  rm -rf "$root" "$cache/guest-debs" && mkdir -p "$cache/guest-debs" "$root"
  (cd "$cache/guest-debs" && apt-get download -q $packages >&2) \
    || { echo "board: apt-get download of $packages failed; check the network and apt sources" >&2; exit 1; }
  for deb in "$cache"/guest-debs/*.deb; do dpkg-deb -x "$deb" "$root"; done
  echo "$key" > "$root/.key"
fi
echo "$root"
