# Subtitles on a layer (issue 39): two_languages.mkv (320x240, English sound and its forced
# English SRT: "Hello" 0.52-2.02 s, "World" 2.52-3.52 s) plays full screen at 640x480 with
# `--audio-languages en`, which chooses those subtitles, and a `subtitles=main` layer above it
# draws them with libass on a plane of its own. Run twice: with `margin=0`, whose writeback
# captures the host compares with ffmpeg's own libass rendering of the same subtitle over the
# same frame (checks/43-subtitles.py); and with the default 5 % margin, where the text must
# stay inside the safe area. Between and after the cues, nothing is drawn. A third run prefers
# French subtitles (`subtitle-languages = fr`): the WebVTT file beside the clip is chosen, and it
# runs as a lone player, no layer lines, its item on the command line (a lone player asking for
# subtitles gets the layer they are drawn on, named `subtitles`). A
# fourth plays dvb_subtitles.mkv (320x240, bitmap DVB subtitles: a panel 0.52-2.02 s, another
# 2.52-3.52 s), a fifth pgs_subtitles.mkv (the same pictures as PGS), each compared with
# ffmpeg's own overlay of the same pictures. A sixth plays captions.mp4 (CEA-608 captions in the
# H.264 stream: "HELLO" 0.48-2.00 s, "WORLD" 2.48-3.48 s) with `captions = yes`, compared with
# ffmpeg's libass drawing of the captions its own decoder reads. A seventh plays captions708.mp4
# (CEA-708 service 1: "Café ♪" 0.48-2.00 s at the bottom middle, then a roll-up window at the
# top left, "LINE ONE" from 2.48 s, "LINE TWO" under it from 3.00 s, gone at 3.48 s), compared
# with ffmpeg's libass drawing of those cues as the caption tool says it wrote them. On arm64 it runs with the
# card's own FFmpeg (board/image/ffmpeg-flags.sh): its subtitle decoders are proven there.
# kernels: 6
# arches: x86_64 arm64
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
run() {
  name=$1 margin=$2 languages=${3:-} source=${4:-$M/two_languages.mkv} layer=subs
  mkdir -p "$OUT/frames-$name"
  cat > "$OUT/$name.conf" <<CONF
video-output = drm
display-mode = 640x480
audio-languages = en
$languages
CONF
  if [ "$margin" = lone ]; then
    layer=subtitles item=$source
  else
    printf 'layer.main = source=%s\nlayer.subs = subtitles=main %s\n' "$source" "$margin" >> "$OUT/$name.conf"
    item=
  fi
  playhead --config "$OUT/$name.conf" --audio-output null --events none --log-level debug --capture-every 2 \
    --capture-dir "$OUT/frames-$name" --flip-trace "$OUT/$name.flips" --socket /tmp/43.sock $item 2> "$OUT/$name.err" &
  pid=$!
  for i in $(seq 100); do [ -S /tmp/43.sock ] && break; sleep 0.05; done
  sleep 1
  ph-socket /tmp/43.sock tracks > "$OUT/$name-tracks.txt"
  cat "$OUT/$name-tracks.txt"
  wait $pid
  rc=$?
  grep "subtitles\|layer $layer\|display: layer" "$OUT/$name.err"
  [ $rc = 0 ] || { echo "playhead ended with $rc"; tail -5 "$OUT/$name.err"; exit 1; }
  grep -q "layer $layer: the subtitles chosen for main's items, drawn at 640x480 (text by libass" "$OUT/$name.err" \
    || { echo "the subtitle layer was not made"; exit 1; }
}
run subs-flat "margin=0"
[ "$BOARD_ARCH" = arm64 ] || run subs-safe ""
run subs-file lone "subtitle-languages = fr"
run subs-dvb "margin=0" "subtitle-languages = en" $M/dvb_subtitles.mkv
grep -q '"subtitles":\[{"track":2,.*"codec":"dvb_subtitle","selected":true' "$OUT/subs-dvb-tracks.txt" \
  || { echo "the DVB subtitles were not offered and chosen"; exit 1; }
run subs-pgs "margin=0" "subtitle-languages = en" $M/pgs_subtitles.mkv
run subs-cc "margin=0" "captions = yes" $M/captions.mp4
grep -q '"subtitles":\[{"track":2000,.*"codec":"eia_608","selected":true' "$OUT/subs-cc-tracks.txt" \
  || { echo "the captions were not offered and chosen"; exit 1; }
if [ "$BOARD_ARCH" != arm64 ]; then
  run subs-708 "margin=0" "captions = yes" $M/captions708.mp4
  grep -q '"subtitles":\[{"track":3001,"language":null,"title":"CS1",.*"codec":"cea_708","selected":true' "$OUT/subs-708-tracks.txt" \
    || { echo "the CEA-708 service was not offered and chosen"; exit 1; }
fi
grep -q '"subtitles":\[{"track":2,.*"codec":"hdmv_pgs_subtitle","selected":true' "$OUT/subs-pgs-tracks.txt" \
  || { echo "the PGS subtitles were not offered and chosen"; exit 1; }
grep -q '"subtitles":\[{"track":3,.*{"track":1000,"language":"fr",.*"codec":"webvtt","selected":true' "$OUT/subs-file-tracks.txt" \
  || { echo "the French WebVTT file beside the clip was not offered and chosen"; exit 1; }
echo "RESULT subtitles: $(ls "$OUT/frames-subs-flat" | wc -l) captures without a margin, $(ls "$OUT/frames-subs-safe" | wc -l) with 5 %," \
  "$(ls "$OUT/frames-subs-file" | wc -l) from the French file beside the clip, $(ls "$OUT/frames-subs-dvb" | wc -l) of DVB pictures," \
  "$(ls "$OUT/frames-subs-pgs" | wc -l) of PGS pictures, $(ls "$OUT/frames-subs-cc" | wc -l) of 608 captions," \
  "$(ls "$OUT/frames-subs-708" 2>/dev/null | wc -l) of 708 captions"
