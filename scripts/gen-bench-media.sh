#!/usr/bin/env bash
# The 1080p30 H.264 clip for `make bench` (12 s), made once.
set -euo pipefail
out=${1:?usage: gen-bench-media.sh OUTDIR}
mkdir -p "$out"
clip="$out/bench_1080p30.mp4"
[ -s "$clip" ] && exit 0
ffmpeg -hide_banner -loglevel error -y -f lavfi -t 12 -i "testsrc2=size=1920x1080:rate=30" \
  -f lavfi -t 12 -i "sine=frequency=440:sample_rate=48000" -c:v libx264 -preset veryfast -pix_fmt yuv420p \
  -c:a aac -ac 2 -movflags +faststart "$clip"
