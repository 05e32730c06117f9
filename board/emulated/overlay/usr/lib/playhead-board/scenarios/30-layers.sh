# Players on one screen, each in its layer (issue 34): the demo clip full screen on the primary
# plane, and two clips in the top-left and bottom-right quarters, each on an overlay plane of
# its own; a fourth layer's only file is not media: it says so once, stays black, and the
# others play on. Every layer's flips go to the card in shared commits (counted at exit);
# writeback captures show each layer's picture in its frame (checks/30-layers.py); the screen
# is given back as it was, and `display` on the socket says where each layer went. Two layers are
# heard: the demo's 1 kHz at volume 100 and the left clip's 440 Hz at 50, mixed into the loopback
# card; the recording holds both tones at those levels (checks/mixcheck.py). The bottom-right
# layer's sound goes to a card of its own (another loopback subdevice), not into the mix. The bottom-right
# layer's playlist alternates its clip with a still picture shown for 1 s (its #EXTINF): the
# layer's events (at debug) end the picture at 1.000 s, and captures show it there. On top, an
# image= overlay: a PNG whose alpha runs from clear to opaque, half over the letterbox bar and
# half over the demo, blended by the plane (checked against the same blend of ffmpeg's decodes).
# On the socket, `layer` lists the layers and `layer right pause` pauses that one alone; `layer logo
# hide` switches the logo's plane off and `show` on again (the kernel's state says so). Two text
# layers in the bottom bar: a clock and a Hebrew line (right to left), each matching the same
# line drawn by hb-shape and FreeType on the host (checks/textcheck.py); a third shows the title
# of the item the bottom-right layer plays (its #EXTINF title, or its file's name).
# kernels: 6
# arches: x86_64
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
state() { grep -E "^crtc\[|^\s+mode:|^\s+enable=|^plane\[|^\s+fb=" /sys/kernel/debug/dri/0/state; }
state > "$OUT/layers-state-before.txt"
mkdir -p "$OUT/frames-layers"
printf '#EXTM3U\n%s\n#EXTINF:1,a still picture\n%s\n' "$M/loop_1s.mp4" "$M/still.png" > "$OUT/right.m3u"
cat > "$OUT/layers.conf" <<CONF
video-output = drm
display-mode = 640x480
layer.bg = source=$M/demo.mp4
layer.left = source=$M/h264_aac.mp4 frame=0,0,320x240 mute=no volume=50
layer.right = source=$OUT/right.m3u frame=320,240,320x240 card=hw:Loopback,0,1
layer.bad = source=$M/damaged-not-media.mp4 frame=560,0,80x40
layer.logo = image=$M/logo_alpha.png frame=400,30,120x60
layer.clock = clock="%H:%M:%S" frame=0,420,160x60 size=28 background=20408080
layer.hello = text="שלום עולם" frame=160,420,160x60 size=28 color=FFD040 background=20408080
layer.caption = title=right frame=320,420,320x60 size=28 background=204080FF
CONF
sock=/tmp/30-layers.sock
date +%s > "$OUT/layers-clock-start.txt"
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d 30 "$OUT/layers-sound.wav" &
rec=$!
arecord -q -D hw:Loopback,1,1 -f S16_LE -r 48000 -c 2 -d 30 "$OUT/layers-own-card.wav" &
rec2=$!
playhead --config "$OUT/layers.conf" --audio-output alsa --audio-device hw:Loopback,0,0 --socket "$sock" --events none --log-level debug --capture-every 10 --capture-dir "$OUT/frames-layers" 2> "$OUT/layers.err" &
pid=$!
for i in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
# `display` says where each layer went.
ph-socket "$sock" display > "$OUT/layers-display.txt"
cat "$OUT/layers-display.txt"
# `layer` lists every layer; `layer right pause` pauses that one alone, and `play` it again.
ph-socket "$sock" layer > "$OUT/layers-list.txt"
cat "$OUT/layers-list.txt"
grep -q '"layer":"bg","state":"[a-z]*","item":"[^"]*","time":[0-9.]*,"volume":1,"muted":false,"main":true' "$OUT/layers-list.txt"
grep -q '"layer":"left","state":"[a-z]*","item":"[^"]*h264_aac.mp4","time":[0-9.]*,"volume":1,"muted":false,"heard":true' "$OUT/layers-list.txt"
ph-socket "$sock" "layer right pause" > "$OUT/layer-right-pause.txt"
grep -q '"ok":true' "$OUT/layer-right-pause.txt"
for i in $(seq 20); do ph-socket "$sock" "layer right" > "$OUT/layer-right.txt"; grep -q '"state":"paused"' "$OUT/layer-right.txt" && break; sleep 0.1; done
cat "$OUT/layer-right.txt"
grep -q '"state":"paused"' "$OUT/layer-right.txt"
ph-socket "$sock" "layer bg" > "$OUT/layer-bg.txt"
if grep -q '"state":"paused"' "$OUT/layer-bg.txt"; then echo "pausing layer right paused the main layer too"; exit 1; fi
ph-socket "$sock" "layer right play"
ph-socket "$sock" "layer logo volume 0.5" | grep -q "layer logo is not heard"
# `layer logo hide` switches its plane off while it plays on, `layer logo show` brings it back;
# the bottom layer (the primary plane) cannot be hidden and says why.
logo=$(sed -n 's/.*"logo: plane \([0-9]*\) (overlay) of its own".*/\1/p' "$OUT/layers-display.txt")
[ -n "$logo" ] || { echo "display did not say which plane the logo is on"; exit 1; }
fb() { awk -v want="plane[$logo]:" '/^plane\[/ { on = ($1 == want) } on && /fb=/ { sub(/.*fb=/, ""); print; exit }' /sys/kernel/debug/dri/0/state; }
before=$(fb)
ph-socket "$sock" "layer logo hide" > "$OUT/layer-logo-hide.txt"
grep -q '"ok":true' "$OUT/layer-logo-hide.txt"
for i in $(seq 20); do [ "$(fb)" = 0 ] && break; sleep 0.1; done
hidden=$(fb)
ph-socket "$sock" "layer logo" | grep -q '"visible":false'
ph-socket "$sock" "layer logo show" | grep -q '"ok":true'
for i in $(seq 20); do [ "$(fb)" != 0 ] && break; sleep 0.1; done
shown=$(fb)
echo "RESULT layer-hide: logo plane $logo framebuffer $before, hidden $hidden, shown again $shown"
[ "$before" != 0 ] && [ "$hidden" = 0 ] && [ "$shown" != 0 ] || { echo "the logo's plane was not switched off and on"; exit 1; }
ph-socket "$sock" "layer bg hide" > "$OUT/layer-bg-hide.txt"
grep -q "layer bg cannot be hidden: it is on the primary plane" "$OUT/layer-bg-hide.txt"
grep -q '"layers":\["caption: plane [0-9]* (overlay) of its own","hello: plane [0-9]* (overlay) of its own","clock: plane [0-9]* (overlay) of its own","logo: plane [0-9]* (overlay) of its own","bad: plane [0-9]* (overlay) of its own","right: plane [0-9]* (overlay) of its own","left: plane [0-9]* (overlay) of its own","bg: plane [0-9]* (primary) of its own"\]' "$OUT/layers-display.txt"
wait $pid
date +%s > "$OUT/layers-clock-end.txt"
kill -INT $rec $rec2
wait $rec || true
wait $rec2 || true
cat "$OUT/layers.err"
grep -q "sound: bg at 100%, left at 50% mixed on alsa hw:Loopback,0,0" "$OUT/layers.err"
grep -q "layer right: sound on its own card, alsa hw:Loopback,0,1" "$OUT/layers.err"
grep -q "sound: 2 layers mixed (bg, left), 0 samples clipped" "$OUT/layers.err"
grep -q "display: layer bg: plane [0-9]* (primary) of its own" "$OUT/layers.err"
grep -q "display: layer left: plane [0-9]* (overlay) of its own" "$OUT/layers.err"
grep -q "display: layer right: plane [0-9]* (overlay) of its own" "$OUT/layers.err"
grep -q "layer left: 1 item(s) from $M/h264_aac.mp4" "$OUT/layers.err"
grep -q "layer right: didPlayToEndTime t=1.000 item=$M/still.png" "$OUT/layers.err"
grep -q "layer bad: every item of $M/damaged-not-media.mp4 failed in a row; the layer stays black" "$OUT/layers.err"
test "$(grep -c "warning app: layer bad: .*damaged-not-media.mp4" "$OUT/layers.err")" -le 3
counts=$(sed -n "s/.*display: \([0-9]*\) commits for 8 layers, \([0-9]*\) of them with several layers' flips.*/\1 \2/p" "$OUT/layers.err")
set -- $counts
test "$#" -eq 2
echo "RESULT layers: $1 commits, $2 of them with several layers' flips"
test "$2" -gt 0
ls "$OUT/frames-layers"
test "$(ls "$OUT/frames-layers" | wc -l)" -ge 2
state > "$OUT/layers-state-after.txt"
if ! diff "$OUT/layers-state-before.txt" "$OUT/layers-state-after.txt"; then echo "the display state after the layers is not the one before"; exit 1; fi
echo "display state restored"
