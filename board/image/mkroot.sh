#!/usr/bin/env bash
# The appliance's root tree, which becomes the image's read-only squashfs: BusyBox, the
# modules the board needs, playhead (stripped) with its libraries (FFmpeg's from our own small
# build), ALSA's configuration, rootfs-overlay/ and the demo.
# Usage: mkroot.sh ROOT ABI KERNELDIR GUESTROOT PLAYHEAD FFMPEGPREFIX MEDIADIR MODULESFILE
set -euo pipefail
root=$1 abi=$2 kdir=$3 guest=$4 playhead=$5 ffmpeg=$6 media=$7 modlist=$8
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$here/stage-lib.sh"
rm -rf "$root" && mkdir -p "$root"/{proc,sys,dev,tmp,run,data,root,etc,usr/bin,usr/share/playhead/media,lib64}

stage_busybox "$root" "$guest/bin/busybox"
tree=$(cd "$kdir/modules" && pwd)
# /etc/modules names what rcS loads (with parameters); those and what they need are staged.
stage_modules "$root" "$tree" "$abi" $(grep -v '^[[:space:]]*\(#\|$\)' "$modlist" | awk '{print $1}')
install -m 644 "$modlist" "$root/etc/modules"

strip -o "$root.playhead" "$playhead"
LD_LIBRARY_PATH=$ffmpeg/lib stage_elf "$root" "$root.playhead" /usr/bin/playhead
rm "$root.playhead"
# playhead opens libavfilter itself (dlopen) when a rate needs atempo; ldd does not see it.
for lib in "$ffmpeg"/lib/libavfilter.so.[0-9]*; do
  case $lib in *.so.[0-9]) LD_LIBRARY_PATH=$ffmpeg/lib stage_elf "$root" "$(readlink -f "$lib")" "/usr/lib/${lib##*/}" ;; esac
done
# Our FFmpeg's libraries sit in /usr/lib: the dynamic linker's default path.
for lib in "$root"/usr/lib/x86_64-linux-gnu/libav* "$root"/usr/lib/x86_64-linux-gnu/libsw*; do
  [ -e "$lib" ] && { echo "image: Debian's $(basename "$lib") got in; the small FFmpeg is not used" >&2; exit 1; }
done
for lib in "$root$ffmpeg"/lib/*; do [ -e "$lib" ] || continue; mv "$lib" "$root/usr/lib/"; done
rm -rf "${root:?}$ffmpeg"
d=${ffmpeg%/*}
while [ -n "$d" ] && rmdir "$root$d" 2>/dev/null; do d=${d%/*}; done
mkdir -p "$root/root"

mkdir -p "$root/usr/share/alsa" && cp -a /usr/share/alsa/alsa.conf /usr/share/alsa/cards /usr/share/alsa/pcm "$root/usr/share/alsa/"
cp "$media/slate.mp4" "$root/usr/share/playhead/"
cp "$media/demo.mp4" "$media/h264_aac.mp4" "$root/usr/share/playhead/media/"
cp -a "$repo/rootfs-overlay/." "$root/"
mkdir -p "$root/usr/share/doc/playhead" && cp "$repo/README.md" "$root/usr/share/doc/playhead/"
echo "image: root $(du -sm "$root" | cut -f1) MB, $(find "$root" -name '*.so*' -type f | wc -l) shared libraries" >&2
