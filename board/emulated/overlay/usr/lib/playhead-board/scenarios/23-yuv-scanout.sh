# Direct YUV scan-out on a real YUV plane (7.x vkms): 640x480 clips on a 640x480 mode (vkms
# planes do not scale) go to the plane as decoded, YU12, with the stream's COLOR_ENCODING and
# COLOR_RANGE: playhead says so, the kernel's own plane state shows it, and frames captured
# through writeback match ffmpeg's conversion of the same frames with the stream's matrix and
# range, and not with the other one (checks/23-yuv-scanout.py). A portrait clip stored
# sideways is turned by the plane's rotation property, not in software, and the clips after it
# must set the plane back to rotate-0. With --display-rotate 180 (a screen mounted upside down)
# the plane turns every picture.
# A picture the plane cannot show as decoded (it would have to be scaled, and vkms planes do not
# scale) is converted by libswscale, as stored, and the plane still turns it: no turn in software.
# kernels: 7
# time-limit: 260
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
state=/sys/kernel/debug/dri/0/state

# The state of the plane that scans a YU12 buffer out (idle planes have an encoding and range too).
yuv_plane() { awk '/^plane\[/ { if (b ~ /format=YU12/) printf "%s", b; b = "" } { b = b $0 "\n" } END { if (b ~ /format=YU12/) printf "%s", b }' "$1"; }

# play_direct CLIP DECODED-FORMAT "MATRIX, RANGE" KERNEL-ENCODING KERNEL-RANGE KERNEL-ROTATION
#   [STORED-SIZE "HOW SHOWN"]; $OPTS are more playhead options, and $TAG names the results.
play_direct() {
  name=$1 size=${7:-640x480} shown=${8:-640x480 unscaled} clip=$1
  name=${TAG:-$name}
  line="display: $size $2 by direct YU12 scan-out ($3), $shown"
  # Played once for the counts, and once for the captures: vkms composes a YUV plane for a
  # capture in software, about a second a frame under TCG, and the frames it stalls are dropped
  # (so that run goes at a quarter speed: a few captures of different frames).
  playhead --video-output drm --display-mode 640x480 $OPTS --stats --events none "$M/$clip.mp4" 2> "$OUT/$name.err" &
  pid=$!
  # The kernel's view while it plays: the plane scans the YU12 buffer out as the stream says.
  : > "$OUT/$name.state"
  for i in $(seq 100); do
    grep -q "format=YU12" $state && { cat $state > "$OUT/$name.state"; break; }
    sleep 0.1
  done
  wait $pid
  cat "$OUT/$name.err"
  grep -q "display: plane [0-9]* takes YU12, NV12 with COLOR_ENCODING and COLOR_RANGE" "$OUT/$name.err"
  grep -q "$line" "$OUT/$name.err"
  if grep -q "converted in software" "$OUT/$name.err"; then echo "$name: a picture fell back to conversion"; exit 1; fi
  yuv_plane "$OUT/$name.state" > "$OUT/$name.plane"
  if ! grep -q "format=YU12" "$OUT/$name.plane"; then echo "$name: the kernel never showed a YU12 plane"; cat $state; exit 1; fi
  grep -E "plane\[|format=|color-|crtc-pos|src-pos|rotation=" "$OUT/$name.plane"
  grep -q "color-encoding=$4" "$OUT/$name.plane"
  grep -q "color-range=$5" "$OUT/$name.plane"
  grep -q "rotation=$6\$" "$OUT/$name.plane"
  frame_check "$OUT/$name.err" 50
  mkdir -p "$OUT/frames-$name"
  playhead --video-output drm --display-mode 640x480 $OPTS --events none --rate 0.25 --capture-every 2 --capture-dir "$OUT/frames-$name" \
    "$M/$clip.mp4" 2> "$OUT/$name-capture.err"
  cat "$OUT/$name-capture.err"
  grep -q "$line" "$OUT/$name-capture.err"
  test "$(ls "$OUT/frames-$name" | wc -l)" -ge 2
  echo "RESULT $name: direct YU12 ($3), display presented $d_pres dropped $d_drop, $(ls "$OUT/frames-$name" | wc -l) frames captured"
}

# In this order: the first clip turns the plane (its display matrix asks for 270 degrees
# clockwise, which is DRM's rotate-90, bit 1: DRM counts counter-clockwise)
# and moves it off vkms's default colours (BT.601, full range); the second must set rotate-0
# (bit 0) and BT.709; the third moves the colours back, so each proves that playhead sets the
# three properties.
play_direct rotated90_360p yuv420p "BT.601, limited range" "ITU-R BT.601 YCbCr" "YCbCr limited range" 2 \
  480x360 "480x360 unscaled, turned 270 degrees by the plane"
play_direct yuv709_480p yuv420p "BT.709, limited range" "ITU-R BT.709 YCbCr" "YCbCr limited range" 1
play_direct yuv601full_480p yuvj420p "BT.601, full range" "ITU-R BT.601 YCbCr" "YCbCr full range" 1
# A screen mounted upside down: rotate-180 is bit 2.
OPTS="--display-rotate 180" TAG=yuv709_480p-turned180 play_direct yuv709_480p yuv420p "BT.709, limited range" "ITU-R BT.709 YCbCr" \
  "YCbCr limited range" 4 640x480 "640x480 unscaled, turned 180 degrees by the plane"

# rotated90.mp4: 320x240 stored with the same display matrix, shown as 360x480 on 640x480. The
# kernel must show an XR24 buffer of 480x360 (the picture scaled as stored) turned by rotate-90.
conv=rotated90-converted
playhead --video-output drm --display-mode 640x480 --stats --events none "$M/rotated90.mp4" 2> "$OUT/$conv.err" &
pid=$!
# The state of the plane that scans out the 480x360 buffer.
scaled_plane() { awk '/^plane\[/ { if (b ~ /size=480x360/) printf "%s", b; b = "" } { b = b $0 "\n" } END { if (b ~ /size=480x360/) printf "%s", b }' "$1"; }
: > "$OUT/$conv.plane"
for i in $(seq 100); do
  cat $state > "$OUT/$conv.state"
  scaled_plane "$OUT/$conv.state" > "$OUT/$conv.plane"
  grep -q "format=XR24" "$OUT/$conv.plane" && break
  sleep 0.1
done
wait $pid
cat "$OUT/$conv.err"
grep -q "display: 320x240 yuv420p by converted in software: the plane refused YU12" "$OUT/$conv.err"
grep -q "display: 240x320 onto 360x480 by libswscale into 480x360 as stored, turned 270 degrees by the plane" "$OUT/$conv.err"
grep -E "plane\[|format=|crtc-pos|src-pos|rotation=" "$OUT/$conv.plane" || true
if grep -q "format=XR24" "$OUT/$conv.plane"; then :; else echo "$conv: the kernel never showed the 480x360 XR24 buffer"; cat $state; exit 1; fi
grep -q "rotation=2\$" "$OUT/$conv.plane"
frame_check "$OUT/$conv.err" 50
mkdir -p "$OUT/frames-$conv"
playhead --video-output drm --display-mode 640x480 --events none --rate 0.25 --capture-every 2 --capture-dir "$OUT/frames-$conv" \
  "$M/rotated90.mp4" 2> "$OUT/$conv-capture.err"
cat "$OUT/$conv-capture.err"
test "$(ls "$OUT/frames-$conv" | wc -l)" -ge 2
echo "RESULT $conv: converted, turned by the plane, display presented $d_pres dropped $d_drop, $(ls "$OUT/frames-$conv" | wc -l) frames captured"
