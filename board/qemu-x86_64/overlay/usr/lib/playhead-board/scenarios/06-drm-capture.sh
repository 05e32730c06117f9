# Frames captured through writeback while playhead plays match what ffmpeg decodes at the same
# media time, converted and scaled the same way (host/checks/06-drm-capture.py: PSNR >= 35 dB,
# letterbox bars exactly black): a 640x360 clip letterboxed on 640x480, and a 320x240 clip
# scaled up to fill it.
# arches: x86_64 arm64
# time-limit: 120
M=/usr/share/playhead/media
mkdir -p "$OUT/frames-demo" "$OUT/frames-scaled"
playhead --video-output drm --display-mode 640x480 --events none --capture-every 25 --capture-dir "$OUT/frames-demo" $M/demo.mp4
playhead --video-output drm --display-mode 640x480 --stats --events none --capture-every 4 --capture-dir "$OUT/frames-scaled" \
  --screenshot "$OUT/screenshot.png" --screenshot-frame 6 $M/h264_aac.mp4
ls "$OUT/frames-demo" "$OUT/frames-scaled"
# Saving a PNG takes long under emulation and frames are dropped meanwhile: some captures
# may be skipped, but never all.
test "$(ls "$OUT/frames-demo" | wc -l)" -ge 2
test "$(ls "$OUT/frames-scaled" | wc -l)" -ge 2
test -s "$OUT/screenshot.png"
