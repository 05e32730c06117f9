# A cap on the output mode (issue 35, `display-mode-max`): vkms prefers 1024x768; with the cap at
# 800x600 playhead drives the screen at 800x600 and 60 Hz (the preferred mode's refresh), read
# back from the kernel's own state, and without it at the preferred mode, as before. A cap below
# every mode vkms offers (320x200) is said in one line, and the preferred mode is driven.
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
# mode_of ERR: the mode the kernel's state shows while a one-second clip plays.
mode_of() {
  for i in $(seq 100); do grep -q "video on drm" "$1" && break; sleep 0.1; done
  sed -n 's/^\s*mode: "\([0-9x]*\)".*/\1/p' /sys/kernel/debug/dri/0/state | head -1
}
playhead --video-output drm --display-mode-max 800x600 --audio-output null --events none "$M/loop_1s.mp4" 2> "$OUT/cap.err" &
capped=$(mode_of "$OUT/cap.err")
wait $!
playhead --video-output drm --audio-output null --events none "$M/loop_1s.mp4" 2> "$OUT/uncapped.err" &
uncapped=$(mode_of "$OUT/uncapped.err")
wait $!
playhead --video-output drm --display-mode-max 320x200 --audio-output null --events none "$M/loop_1s.mp4" 2> "$OUT/too-small.err" &
too_small=$(mode_of "$OUT/too-small.err")
wait $!
grep "video on drm" "$OUT/cap.err" "$OUT/uncapped.err" "$OUT/too-small.err"
grep "display-mode-max" "$OUT/too-small.err"
echo "RESULT mode-cap: the kernel's mode $capped with display-mode-max 800x600, $uncapped without"
[ "$capped" = 800x600 ] || { echo "the capped screen runs at $capped"; exit 1; }
[ "$uncapped" = 1024x768 ] || { echo "without the cap the screen runs at $uncapped, not vkms's preferred 1024x768"; exit 1; }
grep -q "video on drm /dev/dri/card0 Virtual-1 800x600@60\.[0-9]* (preferred)" "$OUT/cap.err"
[ "$too_small" = 1024x768 ] || { echo "with a cap below every mode the screen runs at $too_small"; exit 1; }
grep -q "display: display-mode-max 320x200: Virtual-1 offers no mode that small; it is driven in 1024x768@60[.0-9]* (preferred) as offered" "$OUT/too-small.err"
