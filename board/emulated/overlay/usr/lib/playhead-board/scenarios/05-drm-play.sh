# playhead shows video on vkms through DRM/KMS: every frame is accounted for and flipped at a
# sane time (counts reported), a second playhead is refused with a message naming the first,
# and at exit the screen is given back as it was (the CRTC's mode and framebuffer, from the
# kernel's own state).
# kernels: 6 7
# arches: x86_64 arm64
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
state() { grep -E "^crtc\[|^\s+mode:|^\s+enable=|^plane\[|^\s+fb=" /sys/kernel/debug/dri/0/state; }
state > "$OUT/drm-state-before.txt"
playhead --display help > "$OUT/display-help.txt"
grep -q "Virtual-1" "$OUT/display-help.txt"
# Alone first, for the counts: the demo's 125 frames at 25 fps on a 640x480 mode.
playhead --video-output drm --display-mode 640x480 --stats --events none $M/demo.mp4 2> "$OUT/drm-play.err"
cat "$OUT/drm-play.err"
grep -q "video on drm /dev/dri/card0 Virtual-1 640x480" "$OUT/drm-play.err"
# How many frames reach the screen is reported, not asserted (a loaded emulator shows fewer;
# make bench measures): what is checked is that every frame is accounted for, once, and that
# the flips came at sane times (frame_check in board.sh).
frame_check "$OUT/drm-play.err" 125
echo "RESULT demo (125 frames, 640x360 on 640x480): presented $d_pres, dropped $d_drop, late $d_late"
# Photos, as a stick or a folder brings them, on this board's FFmpeg (the image's own, which
# once had no still-picture demuxers): each kind shown for its playlist's second, then ended.
printf '#EXTM3U\n#EXTINF:1,png\n%s\n#EXTINF:1,jpeg\n%s\n#EXTINF:1,webp\n%s\n' "$M/still.png" "$M/still.jpg" \
  "$M/still.webp" > "$OUT/stills.m3u"
# (Its exit status says the queue failed when none showed: the lines below say which.)
playhead --video-output drm --display-mode 640x480 --events text "$OUT/stills.m3u" > "$OUT/stills.events" 2> "$OUT/stills.err" || true
for f in still.png still.jpg still.webp; do
  grep -q "didPlayToEndTime t=1.000 item=$M/$f" "$OUT/stills.events" \
    || { cat "$OUT/stills.err"; echo "the photo $f was not shown for its second"; exit 1; }
done
echo "RESULT photos: PNG, JPEG and WebP each shown for 1 s"
# Then a second playhead while one plays: refused, with the first one named.
playhead --video-output drm --events none $M/demo.mp4 2>/dev/null &
first=$!
for i in $(seq 50); do awk 'NR > 1 && $4 == "y" { found = 1 } END { exit !found }' /sys/kernel/debug/dri/0/clients && break; sleep 0.2; done
if playhead --video-output drm --events none $M/h264_aac.mp4 2> "$OUT/drm-second.err"; then
  echo "a second playhead took the display while the first played"; exit 1
fi
cat "$OUT/drm-second.err"
grep -q "the display is held by playhead (pid $first)" "$OUT/drm-second.err"
# SIGTERM: the first puts the display back on its way out (checked below).
kill $first; wait $first || true
state > "$OUT/drm-state-after.txt"
if ! diff "$OUT/drm-state-before.txt" "$OUT/drm-state-after.txt"; then echo "the display state after SIGTERM is not the one before"; exit 1; fi
echo "display state restored"
