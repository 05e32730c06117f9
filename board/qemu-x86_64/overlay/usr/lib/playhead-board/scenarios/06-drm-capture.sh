# Frames captured through writeback while playhead plays match what ffmpeg decodes at the same
# media time, converted and scaled the same way (host/checks/06-drm-capture.py: PSNR >= 35 dB,
# letterbox bars exactly black): a 640x360 clip letterboxed on 640x480, a 320x240 clip
# scaled up to fill it, and the same clip on the screen mounted on its side (--display-rotate
# 90: 480x360 on the 480x640 screen the viewer sees, turned in software onto the buffer).
# time-limit: 120
M=/usr/share/playhead/media
mkdir -p "$OUT/frames-demo" "$OUT/frames-scaled" "$OUT/frames-turned"
playhead --video-output drm --display-mode 640x480 --events none --capture-every 25 --capture-dir "$OUT/frames-demo" $M/demo.mp4
playhead --video-output drm --display-mode 640x480 --stats --events none --capture-every 4 --capture-dir "$OUT/frames-scaled" \
  --screenshot "$OUT/screenshot.png" --screenshot-frame 6 $M/h264_aac.mp4
playhead --video-output drm --display-mode 640x480 --display-rotate 90 --events none --capture-every 4 \
  --capture-dir "$OUT/frames-turned" $M/h264_aac.mp4 2> "$OUT/turned.err"
cat "$OUT/turned.err"
grep -q "the screen is turned 90 degrees (--display-rotate), which is done in software" "$OUT/turned.err"
ls "$OUT/frames-demo" "$OUT/frames-scaled" "$OUT/frames-turned"
# Saving a PNG takes long under emulation and frames are dropped meanwhile: some captures
# may be skipped, but never all.
test "$(ls "$OUT/frames-demo" | wc -l)" -ge 2
test "$(ls "$OUT/frames-scaled" | wc -l)" -ge 2
test "$(ls "$OUT/frames-turned" | wc -l)" -ge 2
test -s "$OUT/screenshot.png"
