#!/usr/bin/env bash
# Assembles the board's initramfs: BusyBox, the kernel modules the board uses, playhead with the
# shared libraries it needs, the guest test tools, the repository's rootfs-overlay/, the emulated
# boards' overlay (board/emulated/overlay, laid after it) and the demo media. Uncompressed: unpacking xz under emulation
# costs seconds at every boot. With SYSROOT, for the arm64 board (board/qemu-aarch64): the
# libraries come from that aarch64 sysroot (found through each ELF's DT_NEEDED, as the host's
# ldd cannot run aarch64 binaries), its kernel modules come stripped already, and the host's
# ffmpeg is left out unless FFMPEGROOT (board/qemu-aarch64/host/bench-ffmpeg.sh) brings trixie's
# arm64 ffmpeg for `make bench ARCH=arm64`, with the libraries the sysroot lacks.
# FFMPEG_PREFIX (the images' own small FFmpeg: board/image/ffmpeg.sh, ffmpeg-arm64.sh) brings
# playhead's FFmpeg instead of Debian's, whose closure was 180 of the 250 MB the arm64 guest
# unpacked at each boot, and 140 libraries for the dynamic loader at each start of playhead
# (0.7 s of the x86_64 guest's 1.3 s to a first frame): the boards then play what the images
# ship. On x86_64 it goes to /usr/lib, as on the image. FFMPEG_REFERENCE=1 (x86_64, the bench's
# initramfs) adds the host's ffmpeg, the decode reference, with its libraries in a folder of
# their own so that playhead never loads them.
# Usage: [FFMPEG_PREFIX=DIR] [FFMPEG_REFERENCE=1] mkinitramfs.sh OUT.cpio ABI KERNELDIR GUESTROOT PLAYHEAD TOOLSDIR MEDIADIR [SYSROOT [FFMPEGROOT]]
set -euo pipefail
out=$1 abi=$2 kdir=$3 guest=$4 playhead=$5 tools=$6 media=$7 sysroot=${8:-} ffroot=${9:-}
kdir=$(cd "$kdir" && pwd)  # modprobe prints absolute paths
here=$(cd "$(dirname "$0")/.." && pwd)  # board/emulated
repo=$(cd "$here/../.." && pwd)
fail() { echo "board: $*" >&2; exit 1; }
. "$repo/board/image/stage-lib.sh"

stage=$(mktemp -d "${out%/*}/initramfs.XXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,run,mnt,host,etc,lib64,root}

# Copies a binary and every library it needs (stage-lib.sh: through the sysroot on arm64).
add_elf() { STAGE_SYSROOT=$sysroot STAGE_ROOTS=$ffroot stage_elf "$stage" "$1" "$2" || exit 1; }

# BusyBox, statically linked, provides the shell and the usual commands.
busybox=$guest/bin/busybox
[ -e "$busybox" ] || busybox=$guest/usr/bin/busybox  # merged /usr (trixie)
install -m 755 "$busybox" "$stage/bin/busybox"
run_guest_elf() { if [ -n "$sysroot" ]; then qemu-aarch64-static "$@"; else "$@"; fi; }
for app in $(run_guest_elf "$busybox" --list); do
  case $app in busybox) ;; *) [ -e "$stage/bin/$app" ] || ln -s busybox "$stage/bin/$app" ;; esac
done
ln -sf ../bin/busybox "$stage/sbin/modprobe"  # the kernel asks /sbin/modprobe for the HDA codec

# Kernel modules: the ones the board loads with their dependencies, debug info stripped.
moddir=$kdir/modules/lib/modules/$abi
modules="vkms snd-aloop snd-dummy snd-hda-intel snd-hda-codec-generic gpio-sim 9p 9pnet_virtio virtio_pci configfs
  xhci-pci usb-storage sd_mod vfat nls_cp437 nls_utf8 exfat ext4 softdog virtio_net mac80211_hwsim ccm ctr gcm cmac vivid
  veth bridge sch_netem"
# shellcheck disable=SC2086  # one word per module
STAGE_SYSROOT=$sysroot stage_modules "$stage" "$kdir/modules" "$abi" $modules || fail "a module is missing from $moddir"

# playhead and the guest tools. playhead's debug info goes (its symbols stay, for backtraces):
# with the HTTP API's packages it was 94 MB, and the initramfs no longer unpacked in the guest's
# 1 GB. The Swift toolchain's llvm-objcopy reads both architectures' ELF.
LD_LIBRARY_PATH=${FFMPEG_PREFIX:+$FFMPEG_PREFIX/lib} add_elf "$playhead" /usr/bin/playhead
# On x86_64 ldd names our FFmpeg's libraries by the host's cache path: they move to /usr/lib.
ffhost=${FFMPEG_PREFIX:+$FFMPEG_PREFIX/lib}
if [ -z "$sysroot" ] && [ -n "$ffhost" ] && [ -d "$stage$ffhost" ]; then
  mkdir -p "$stage/usr/lib" && mv "$stage$ffhost"/* "$stage/usr/lib/"
  d=$stage$ffhost
  while [ "$d" != "$stage" ] && rmdir "$d" 2>/dev/null; do d=${d%/*}; done
fi
objcopy=$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")/llvm-objcopy
"$objcopy" --strip-debug "$stage/usr/bin/playhead" || fail "cannot strip playhead's debug info"
# playhead loads libavfilter itself (dlopen) the first time sound plays at a rate other than 1.
# On arm64, from our FFmpeg when there is one, else the sysroot's.
if [ -n "$sysroot" ]; then
  multi=/usr/lib/aarch64-linux-gnu
  ffdir=${FFMPEG_PREFIX:+$FFMPEG_PREFIX/lib}
  from=${ffdir:-$sysroot$multi}
  avfilter=$(cd "$from" && ls libavfilter.so.[0-9]* 2>/dev/null | head -1)
  [ -n "$avfilter" ] || fail "libavfilter is missing from $from"
  LD_LIBRARY_PATH=$ffdir add_elf "$(readlink -f "$from/$avfilter")" "$multi/$avfilter"
elif [ -n "$ffhost" ]; then
  avfilter=$(cd "$ffhost" && ls libavfilter.so.[0-9]* 2>/dev/null | head -1)
  [ -n "$avfilter" ] || fail "libavfilter is missing from $ffhost"
  install -m 755 "$(readlink -f "$ffhost/$avfilter")" "$stage/usr/lib/$avfilter"
else
  avfilter=$(ldconfig -p | awk '/libavfilter\.so\.[0-9]+ .*x86-64/ && !found { print $NF; found = 1 }')
  [ -n "$avfilter" ] || { echo "board: libavfilter is missing; run 'make deps'" >&2; exit 1; }
  add_elf "$avfilter" "$avfilter"
fi
for t in "$tools"/*; do [ -f "$t" ] || continue; add_elf "$t" "/usr/bin/${t##*/}"; done
# ffmpeg, as the reference the board benchmark measures playhead against: the host's on x86_64,
# trixie's on arm64 when asked for (the bench's initramfs only).
if [ -z "$sysroot" ] && [ -z "$ffhost" ]; then add_elf "$(command -v ffmpeg)" /usr/bin/ffmpeg
elif [ -z "$sysroot" ] && [ "${FFMPEG_REFERENCE:-}" = 1 ]; then
  ref=/usr/lib/ffmpeg-reference
  install -D -m 755 "$(command -v ffmpeg)" "$stage$ref/ffmpeg"
  ldd "$(command -v ffmpeg)" | awk '/=> \//{print $3}' | while read -r lib; do
    install -m 755 "$(readlink -f "$lib")" "$stage$ref/${lib##*/}"
  done
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s/ffmpeg "$@"\n' "$ref" "$ref" > "$stage/usr/bin/ffmpeg"
  chmod 755 "$stage/usr/bin/ffmpeg"
elif [ -n "$ffroot" ]; then add_elf "$ffroot/usr/bin/ffmpeg" /usr/bin/ffmpeg
fi
# iproute2's ip and tc (the host's; x86_64): network namespaces, veth pairs, a bridge and netem
# for the sync group's scenario, which BusyBox's ip lacks. Beside it, not instead of it.
if [ -z "$sysroot" ]; then
  for b in ip tc; do add_elf "$(command -v $b)" "/usr/libexec/iproute2/$b"; done
fi
for b in aplay arecord amixer gpiodetect gpioinfo gpiomon gpioset gpioget; do
  add_elf "$guest/usr/bin/$b" "/usr/bin/$b"
done
# Wi-Fi (scenario 28): the images' wpa_supplicant and wpa_passphrase, and the access point's
# hostapd and iw, with their libraries from the guest's packages; the regulatory database. The
# TV on vivid's CEC bus (scenario 33): v4l-utils' cec-ctl and cec-follower.
for b in wpa_supplicant wpa_passphrase hostapd iw cec-ctl cec-follower; do
  p=$(guest_path "$guest" "$b") || exit 1
  STAGE_SYSROOT=$sysroot STAGE_ROOTS=$ffroot stage_guest_elf "$stage" "$guest" "$p" "/usr/sbin/$b" || exit 1
done
stage_regdb "$stage" "$guest" || exit 1
# libasound reads its configuration at open: its own release's (the sysroot's on arm64).
alsa=$sysroot/usr/share/alsa
mkdir -p "$stage/usr/share/alsa" && cp -a "$alsa/alsa.conf" "$alsa/cards" "$alsa/pcm" \
  "$stage/usr/share/alsa/" 2>/dev/null || fail "$alsa is missing; install libasound2-data"

# Media for the demo and the scenarios.
mkdir -p "$stage/usr/share/playhead/media"
cp "$media"/slate.mp4 "$stage/usr/share/playhead/"
cp "$media"/demo.mp4 "$media"/h264_aac.mp4 "$media"/tone.wav "$media"/tone_60ms.wav "$media"/anamorphic_576p.mp4 "$media"/mid_240p30.mp4 "$media"/av_sync.mp4 "$media"/loop_1s.mp4 \
  "$media"/gapless_48k.mkv "$media"/gapless_44k.mkv "$media"/gapless_48k_480p.mkv "$media"/gapless_44k_480p.mkv "$media"/silence_05.wav "$media"/yuv709_480p.mp4 "$media"/yuv601full_480p.mp4 "$media"/rotated90_360p.mp4 "$media"/rotated90.mp4 "$media"/av_sync_15fps.mp4 "$media"/still.png "$media"/still.jpg "$media"/still.webp "$media"/logo_alpha.png "$media"/wall_a.mp4 "$media"/wall_b.mp4 "$media"/wall_1280x480.mp4 "$media"/two_languages.mkv "$media"/two_languages.fr.vtt "$media"/dvb_subtitles.mkv "$media"/pgs_subtitles.mkv "$media"/captions.mp4 "$media"/captions708.mp4 \
  "$stage/usr/share/playhead/media/"
# The text layers' default font (TextStyle.defaultFont).
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -e "$font" ] || fail "$font is missing; run 'make deps' (fonts-dejavu-core)"
mkdir -p "$stage${font%/*}" && cp "$font" "$stage$font"
# A time zone for the schedule's scenario (Debian's tzdata).
zone=/usr/share/zoneinfo/Europe/Berlin
[ -e "$zone" ] || fail "$zone is missing; run 'make deps' (tzdata)"
mkdir -p "$stage${zone%/*}" && cp "$zone" "$stage$zone"
# The demo playlist's damaged items (rootfs-overlay/etc/playhead/demo.m3u), as on the image.
cp "$media"/truncated.mp4 "$stage/usr/share/playhead/media/damaged-truncated.mp4"
cp "$media"/not_media.mp4 "$stage/usr/share/playhead/media/damaged-not-media.mp4"

# Overlays: the repository's common one first, then the emulated boards' own.
cp -a "$repo/rootfs-overlay/." "$stage/"
chmod 600 "$stage/etc/shadow"  # git keeps only 644 and 755
cp -a "$here/overlay/." "$stage/"
chmod 755 "$stage/init"

(cd "$stage" && find . -print0 | cpio --null -o -H newc --quiet) > "$out.tmp"
mv "$out.tmp" "$out"
echo "board: initramfs $(du -m "$out" | cut -f1) MB" >&2
