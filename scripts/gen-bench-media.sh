#!/usr/bin/env bash
# The H.264 clips for `make bench`, made once.
set -euo pipefail
out=${1:?usage: gen-bench-media.sh OUTDIR}
mkdir -p "$out"
# 1080p30 for the host's decode comparison; 360p30 and 720p30, 10 s, for the board's display
# benchmark (real time is possible at 360p under emulation, not at 720p).
make_clip() {
  [ -s "$out/$1" ] && return 0
  ffmpeg -hide_banner -loglevel error -y -f lavfi -t "$3" -i "testsrc2=size=$2:rate=30" \
    -f lavfi -t "$3" -i "sine=frequency=440:sample_rate=48000" -c:v libx264 -preset veryfast -pix_fmt yuv420p \
    -c:a aac -ac 2 -movflags +faststart "$out/$1"
}
make_clip bench_1080p30.mp4 1920x1080 12
make_clip bench_360p30.mp4 640x360 10
make_clip bench_720p30.mp4 1280x720 10
# Five minutes with sound, small enough to play in real time on the board: A/V sync and
# underruns over a long run.
make_clip bench_av_240p30.mp4 320x240 300
# One second of black at the peers' screen size: what the screen's CRC reads when a player
# shows nothing but black (its first buffer, say), so that it is not counted as a picture.
[ -s "$out/black_480p.mp4" ] || ffmpeg -hide_banner -loglevel error -y -f lavfi -t 1 -i "color=black:size=640x480:rate=30" \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p -movflags +faststart "$out/black_480p.mp4"
