# A/V sync measured from outside playhead: a clip with a white frame and a beep at each whole
# second plays on vkms and the loopback card; av-probe times each flash by the vblank that showed
# it (CRTC CRCs) and each beep as the loopback's capture side receives it, on one clock. The
# host pairs them up and reports the offset (checks/12-av-sync.py). Twice: the 30 fps clip,
# more than the board can draw in time (each picture converted and scaled in software takes
# longer than a frame under TCG), and the same at 15 fps, which it can, so that the two runs
# tell playhead's own timing from the cost of drawing.
# arches: x86_64 arm64
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media

# measure CLIP SUFFIX: the probe first (the loopback's capture side fixes the format both ends
# use, as arecord does), then playhead.
measure() {
  av-probe 13 > "$OUT/av-probe$2.txt" &
  probe=$!
  sleep 0.5
  playhead --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 \
    --events text --stats --flip-trace "$OUT/flips$2.txt" "$M/$1" > "$OUT/av-sync$2.events" 2> "$OUT/av-sync$2.err"
  wait $probe
  cat "$OUT/av-sync$2.err"
  echo "$1: $(grep -c flash "$OUT/av-probe$2.txt") flashes, $(grep -c beep "$OUT/av-probe$2.txt") beeps"
}
# The arm64 board (TCG emulating another architecture) is slower still: at 30 fps even the
# probe starved there (7 of 9 beeps, 5 flashes in one fresh-clone run), so it measures 15 fps only.
[ "$BOARD_ARCH" = arm64 ] || measure av_sync.mp4 ""
measure av_sync_15fps.mp4 -15fps
