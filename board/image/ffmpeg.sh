#!/usr/bin/env bash
# Builds the appliance's own FFmpeg from Debian's source package of the version playhead is
# built against (same sonames, so the same binary runs on it), with only the demuxers,
# decoders, parsers, protocols and filters playhead uses. Debian's libavcodec brings 137
# libraries (x265, SVT-AV1, codec2, ICU...); this one needs mbedtls (https: 1 MB with its
# crypto, where gnutls brings 7 MB of libraries; it makes the build LGPL version 3) and zlib.
# Cached in CACHE/ffmpeg/<version>-<flags hash>/ across clones.
# Usage: ffmpeg.sh CACHE   Prints the install prefix (with lib/) on its last line.
set -euo pipefail
cache=${1:?usage: ffmpeg.sh CACHE}
fail() { echo "image: $*" >&2; exit 1; }

version=$(apt-cache policy ffmpeg 2>/dev/null | awk '/Candidate:/{print $2}')
[ -n "$version" ] && [ "$version" != "(none)" ] || fail "apt does not know ffmpeg; run 'apt-get update' and retry"
upstream=${version#*:}; upstream=${upstream%-*}   # 7:5.1.9-0+deb12u1 -> 5.1.9

. "$(dirname "$0")/ffmpeg-flags.sh"
flags=("${ffmpeg_flags[@]}")
key=$(printf '%s\n' "$version" "${flags[@]}" | sha256sum | cut -c1-10)
dir=$cache/ffmpeg/$upstream-$key
if [ -f "$dir/.done" ]; then echo "$dir/install"; exit 0; fi

command -v nasm >/dev/null || fail "nasm is missing (FFmpeg's x86 assembly); run 'make deps'"
[ -f /usr/include/mbedtls/ssl.h ] || fail "mbedtls's headers are missing; run 'make deps' (libmbedtls-dev)"
command -v dpkg-source >/dev/null || fail "dpkg-source is missing; install dpkg-dev"
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
# Debian's source packages through an apt configuration of our own: the machine's sources stay
# as they are.
apt=$cache/ffmpeg/apt
mkdir -p "$apt/lists/partial"
sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$apt/sources.list.sources" 2>/dev/null \
  || fail "/etc/apt/sources.list.d/debian.sources is missing; cannot name Debian's source archive"
mkdir -p "$apt/parts" && mv "$apt/sources.list.sources" "$apt/parts/debian-src.sources"
aptopts=(-o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$apt/parts" -o "Dir::State::Lists=$apt/lists")
echo "image: fetching Debian's FFmpeg $version source (about 11 MB, once)" >&2
apt-get "${aptopts[@]}" update -qq >&2 || fail "apt-get update of Debian's source lists failed; check the network"
( cd "$dir.tmp" && apt-get "${aptopts[@]}" source --download-only -qq "ffmpeg=$version" >&2 ) \
  || fail "Debian's source of ffmpeg $version could not be downloaded; is the registry serving deb-src?"
( cd "$dir.tmp" && dpkg-source -x --skip-debianization ./*.dsc src >&2 ) || fail "unpacking the ffmpeg source failed"

started=$(date +%s)
build=$dir.tmp/src
( cd "$build" && ./configure --prefix="$dir.tmp/install" "${flags[@]}" > "$dir.tmp/configure.log" 2>&1 ) \
  || { tail -20 "$dir.tmp/configure.log" >&2; fail "FFmpeg's configure failed (log above)"; }
make -C "$build" -j"$(nproc)" > "$dir.tmp/build.log" 2>&1 || { tail -30 "$dir.tmp/build.log" >&2; fail "building FFmpeg failed (log above)"; }
make -C "$build" install > "$dir.tmp/install.log" 2>&1 || fail "installing FFmpeg failed (see $dir.tmp/install.log)"
strip --strip-unneeded "$dir.tmp"/install/lib/lib*.so.*.*
echo "image: FFmpeg $upstream built in $(( $(date +%s) - started )) s" >&2

# The prefix moves into place, so the paths it names are fixed after the move.
rm -rf "$build" "$dir.tmp"/*.tar.* "$dir.tmp"/*.dsc
sed -i "s|$dir.tmp|$dir|g" "$dir.tmp"/install/lib/pkgconfig/*.pc
touch "$dir.tmp/.done"
rm -rf "$dir" && mv "$dir.tmp" "$dir"
echo "$dir/install"
