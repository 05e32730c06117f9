#!/usr/bin/env bash
# The appliance's root tree, which becomes the image's read-only squashfs: BusyBox, the
# modules the board needs, playhead (stripped) with its libraries (FFmpeg's from our own small
# build), wpa_supplicant, ALSA's configuration, rootfs-overlay/ and the demo.
# FFMPEGPREFIX is our small FFmpeg (ffmpeg.sh, ffmpeg-arm64.sh). For the arm64 image
# STAGE_SYSROOT is set (stage-lib.sh): the other libraries are the sysroot's, Debian 13's. MODULESFILE-emulated, when there is one,
# names the modules rcS loads only on an emulated board (/etc/modules.emulated).
# Usage: mkroot.sh ROOT ABI KERNELDIR GUESTROOT PLAYHEAD FFMPEGPREFIX MEDIADIR MODULESFILE
set -euo pipefail
root=$1 abi=$2 kdir=$3 guest=$4 playhead=$5 ffmpeg=$6 media=$7 modlist=$8
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$here/stage-lib.sh"
rm -rf "$root" && mkdir -p "$root"/{proc,sys,dev,tmp,run,data,boot,root,etc,usr/bin,usr/share/playhead/media,lib64,media/usb}

busybox=$guest/bin/busybox
[ -e "$busybox" ] || busybox=$guest/usr/bin/busybox  # merged /usr (trixie)
stage_busybox "$root" "$busybox"
tree=$(cd "$kdir/modules" && pwd)
# /etc/modules names what rcS loads (with parameters; `[later]` splits before and after
# playhead's start); those and what they need are staged.
stage_modules "$root" "$tree" "$abi" $(list_names "$modlist" $(ls "$modlist-emulated" 2>/dev/null))
install -m 644 "$modlist" "$root/etc/modules"
[ -e "$modlist-emulated" ] && install -m 644 "$modlist-emulated" "$root/etc/modules.emulated"

if [ -n "${STAGE_SYSROOT:-}" ]; then
  # The host's strip reads x86_64 only; the Swift toolchain's llvm-objcopy reads any ELF.
  objcopy=$(dirname "$(readlink -f "$(command -v swift)")")/llvm-objcopy
  "$objcopy" --strip-all "$playhead" "$root.playhead"
else
  strip -o "$root.playhead" "$playhead"
fi
LD_LIBRARY_PATH=${ffmpeg#-}/lib stage_elf "$root" "$root.playhead" /usr/bin/playhead
rm "$root.playhead"
# The supervisor asks playhead for its status through the control socket with ph-socket (the
# board's tool; it needs only libc, which playhead brought). For arm64 PH_SOCKET names the one
# the arm64 board's tools were cross-built with (the host's gcc makes x86_64 only).
if [ -z "${STAGE_SYSROOT:-}" ]; then
  gcc -Os -s -Wall -Werror -o "$root.ph-socket" "$repo/board/emulated/tools/ph-socket.c"
else
  [ -x "${PH_SOCKET:-}" ] || { echo "image: no aarch64 ph-socket (PH_SOCKET=${PH_SOCKET:-})" >&2; exit 1; }
  "$objcopy" --strip-all "$PH_SOCKET" "$root.ph-socket"
fi
stage_elf "$root" "$root.ph-socket" /usr/bin/ph-socket
rm "$root.ph-socket"
# Wi-Fi (rootfs-overlay's wifi): Debian's wpa_supplicant and wpa_passphrase from the guest's
# packages, with their libraries; the regulatory database cfg80211 loads (WIFI_COUNTRY needs
# it); and WIFI_FIRMWARE when the board's adapter needs firmware (the Pi 4's CYW43455 from
# arm64-packages.sh: brcm/ to /lib/firmware/brcm/, its copyright beside the others' docs).
for b in wpa_supplicant wpa_passphrase; do
  p=$(guest_path "$guest" "$b") || exit 1
  stage_guest_elf "$root" "$guest" "$p" "/usr/sbin/$b" || exit 1
done
stage_regdb "$root" "$guest" || exit 1
if [ -n "${WIFI_FIRMWARE:-}" ]; then
  mkdir -p "$root/lib/firmware/brcm" "$root/usr/share/doc/firmware-brcm80211"
  cp -a "$WIFI_FIRMWARE/brcm/." "$root/lib/firmware/brcm/"
  cp "$WIFI_FIRMWARE/copyright" "$root/usr/share/doc/firmware-brcm80211/copyright"
fi
# BusyBox's ntpd and a wget that works (busybox-net.sh), named by BUSYBOX_NET; it runs the
# applet its name says.
[ -x "${BUSYBOX_NET:-}" ] || { echo "image: no BusyBox ntpd and wget (BUSYBOX_NET=${BUSYBOX_NET:-})" >&2; exit 1; }
stage_elf "$root" "$BUSYBOX_NET" /usr/lib/playhead/busybox-net
mkdir -p "$root/usr/sbin" && ln -s ../lib/playhead/busybox-net "$root/usr/sbin/ntpd"
ln -s busybox-net "$root/usr/lib/playhead/wget"
# playhead opens libavfilter itself (dlopen) when a rate needs atempo; ldd does not see it.
# x86_64 stages it where ldd names it (the prefix, moved to /usr/lib below), arm64 into the
# multiarch folder (stage-lib.sh).
for lib in "$ffmpeg"/lib/libavfilter.so.[0-9] "$ffmpeg"/lib/libavfilter.so.[0-9][0-9]; do
  [ -e "$lib" ] || continue
  if [ -n "${STAGE_SYSROOT:-}" ]; then dest=/usr/lib/aarch64-linux-gnu/${lib##*/}; else dest=/usr/lib/${lib##*/}; fi
  LD_LIBRARY_PATH=$ffmpeg/lib stage_elf "$root" "$(readlink -f "$lib")" "$dest"
done
# Only our FFmpeg's libraries: one of Debian's in the multiarch folder means its closure came too.
for lib in "$root"/usr/lib/*-linux-gnu/libav* "$root"/usr/lib/*-linux-gnu/libsw*; do
  [ -e "$lib" ] || continue
  cmp -s "$lib" "$ffmpeg/lib/${lib##*/}" || { echo "image: Debian's $(basename "$lib") got in; the small FFmpeg is not used" >&2; exit 1; }
done
# x86_64: our FFmpeg's libraries sit in /usr/lib, the dynamic linker's default path.
if [ -d "$root$ffmpeg" ]; then
  for lib in "$root$ffmpeg"/lib/*; do [ -e "$lib" ] || continue; mv "$lib" "$root/usr/lib/"; done
  rm -rf "${root:?}$ffmpeg"
  d=${ffmpeg%/*}
  while [ -n "$d" ] && rmdir "$root$d" 2>/dev/null; do d=${d%/*}; done
fi
mkdir -p "$root/root"

# libasound reads its configuration at open: its own release's.
alsa=${STAGE_SYSROOT:-}/usr/share/alsa
# ctl/ too: cards/aliases.conf includes ctl/default.conf, and without it every card's own
# definitions (sysdefault:, the HDMI card's hdmi:) fail to load.
mkdir -p "$root/usr/share/alsa" && cp -a "$alsa/alsa.conf" "$alsa/cards" "$alsa/ctl" "$alsa/pcm" "$root/usr/share/alsa/"
# The authorities HTTPS servers are checked against (playhead's --tls-ca-file): Debian's
# ca-certificates bundle, the same on every architecture.
[ -s /etc/ssl/certs/ca-certificates.crt ] || { echo "mkroot: no /etc/ssl/certs/ca-certificates.crt; run 'make deps' (ca-certificates)" >&2; exit 1; }
mkdir -p "$root/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
cp "$media/slate.mp4" "$root/usr/share/playhead/"
cp "$media/demo.mp4" "$media/h264_aac.mp4" "$root/usr/share/playhead/media/"
# The text layers' default font (TextStyle.defaultFont), from Debian's fonts-dejavu-core, with
# its copyright beside the other packages' docs.
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -e "$font" ] || { echo "image: $font is missing; run 'make deps' (fonts-dejavu-core)" >&2; exit 1; }
mkdir -p "$root${font%/*}" "$root/usr/share/doc/fonts-dejavu-core"
cp "$font" "$root$font"
cp /usr/share/doc/fonts-dejavu-core/copyright "$root/usr/share/doc/fonts-dejavu-core/copyright"
# The schedule's time zones (`timezone = Europe/Berlin`), from Debian's tzdata: every zone's TZif
# file, not the posix/ and right/ copies nor the source and tables (1.9 MB before compression).
zones=/usr/share/zoneinfo
[ -e "$zones/Europe/Berlin" ] || { echo "image: $zones is missing; run 'make deps' (tzdata)" >&2; exit 1; }
mkdir -p "$root$zones" "$root/usr/share/doc/tzdata"
# cpio runs inside the zone folder: its destination must not be relative to the repository (it
# was, and the zones went into the build machine's own zone folder instead of the image's).
zones_to=$(cd "$root$zones" && pwd)
(cd "$zones" && find . -path ./posix -prune -o -path ./right -prune -o \( -type f -o -type l \) ! -name '*.zi' ! -name '*.tab' -print \
  | cpio -pdm --quiet "$zones_to")
[ -s "$root$zones/Europe/Berlin" ] || { echo "image: the time zones were not copied into $root$zones" >&2; exit 1; }
cp /usr/share/doc/tzdata/copyright "$root/usr/share/doc/tzdata/copyright"
# Two damaged files in the demo's loop: the appliance plays on past them, and image-test measures
# what their warnings and the state file write to /data while it loops.
cp "$media/truncated.mp4" "$root/usr/share/playhead/media/damaged-truncated.mp4"
cp "$media/not_media.mp4" "$root/usr/share/playhead/media/damaged-not-media.mp4"
cp -a "$repo/rootfs-overlay/." "$root/"
# Git keeps only 644 and 755: the password file is root's alone here.
chmod 600 "$root/etc/shadow"
# The README and the docs/ it links to (options, exit status, commands).
mkdir -p "$root/usr/share/doc/playhead" && cp -r "$repo/README.md" "$repo/docs" "$root/usr/share/doc/playhead/"
echo "image: root $(du -sm "$root" | cut -f1) MB, $(find "$root" -name '*.so*' -type f | wc -l) shared libraries" >&2
