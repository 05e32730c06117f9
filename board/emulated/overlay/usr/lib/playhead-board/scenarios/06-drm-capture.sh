# Frames captured through writeback while playhead plays match what ffmpeg decodes at the same
# media time, converted and scaled the same way (checks/06-drm-capture.py: PSNR >= 35 dB,
# letterbox bars exactly black): a 640x360 clip letterboxed on 640x480, a 320x240 clip
# scaled up to fill it, and the same clip on the screen mounted on its side (--display-rotate
# 90: 480x360 on the 480x640 screen the viewer sees, turned in software onto the buffer); and
# an anamorphic clip (720x576 of 64:45 pixels, 16:9 as shown) letterboxed as 640x360, not as
# its stored 5:4 (it was, before pixel shapes were read).
# arches: x86_64 arm64
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
mkdir -p "$OUT/frames-demo" "$OUT/frames-scaled" "$OUT/frames-turned" "$OUT/frames-anamorphic"
# Every nth frame committed is captured (the screenshot: the 6th). On the arm64 board under TCG
# a capture costs about two seconds of the clip (the scaled clip: 6 of 50 frames shown in two
# runs), so every 25th and every 4th left one capture each in two runs of three, and every 10th
# and every 2nd two each: there it captures every 5th and every frame, and takes the 3rd for the
# screenshot. What is checked of each capture, and that there are at least two, is the same.
every_demo=25 every_scaled=4 shot=6
[ "$BOARD_ARCH" = arm64 ] && every_demo=5 every_scaled=1 shot=3
playhead --video-output drm --display-mode 640x480 --events none --capture-every $every_demo --capture-dir "$OUT/frames-demo" $M/demo.mp4
playhead --video-output drm --display-mode 640x480 --stats --events none --capture-every $every_scaled --capture-dir "$OUT/frames-scaled" \
  --screenshot "$OUT/screenshot.png" --screenshot-frame $shot $M/h264_aac.mp4
playhead --video-output drm --display-mode 640x480 --display-rotate 90 --events none --capture-every $every_scaled \
  --capture-dir "$OUT/frames-turned" $M/h264_aac.mp4 2> "$OUT/turned.err"
cat "$OUT/turned.err"
# Turned by the plane where its rotation property offers the turn (the arm64 board's newer
# vkms), in software where it has none (the 6.1 board): the captures are checked either way.
if grep -q "display: 320x240 onto 360x480 by libswscale into 480x360 as stored, turned 90 degrees by the plane" "$OUT/turned.err"; then
  echo "RESULT turned screen: by the plane"
else
  grep -q "the screen is turned 90 degrees (--display-rotate), which is done in software" "$OUT/turned.err"
  echo "RESULT turned screen: in software"
fi
playhead --video-output drm --display-mode 640x480 --events none --capture-every $every_scaled \
  --capture-dir "$OUT/frames-anamorphic" $M/anamorphic_576p.mp4
ls "$OUT/frames-demo" "$OUT/frames-scaled" "$OUT/frames-turned" "$OUT/frames-anamorphic"
# Saving a PNG takes long under emulation and frames are dropped meanwhile: some captures
# may be skipped, but never all.
test "$(ls "$OUT/frames-demo" | wc -l)" -ge 2
test "$(ls "$OUT/frames-scaled" | wc -l)" -ge 2
test "$(ls "$OUT/frames-turned" | wc -l)" -ge 2
test "$(ls "$OUT/frames-anamorphic" | wc -l)" -ge 2
test -s "$OUT/screenshot.png"
