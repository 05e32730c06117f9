# The kiosk, with more layers than planes (issue 34): a card built through vkms's configfs (7.x)
# with a primary plane, one overlay plane and a writeback connector. Four layers: the demo full
# screen (six times over, half a minute), a clip in the top-left quarter, an image= overlay with alpha,
# and the same clip in the bottom-right quarter on top. The top one gets the overlay plane; the
# three under it are drawn together in software onto the primary plane at each commit, the
# overlay blended over the videos as a plane would. The two clips are one group: they start on
# the same refresh and stay in step, whichever plane shows them, over the half minute: a seek of one
# (at 10 s) moves both, and a pause of one (at 20 s) pauses both until both play again. `display` says which layer went
# where and why; the kernel's state shows the primary plane holding a screen-sized RGB picture;
# writeback captures of the whole screen match ffmpeg's decodes of the same frames in each
# layer's frame, and show both clips at the same frame (checks/31-composed-layers.py). Then the
# decode budget: a second layer beyond what the board is said to decode shows its key frames only.
# Last, text: two lines in the top bar (composed on the primary plane) and a ticker in the bottom
# bar (on the overlay plane) scrolling a file's lines, one of them Arabic; captures match the same
# text drawn on the host, and the ticker's place moves at its speed (checks/tickercheck.py).
# kernels: 7
# time-limit: 180
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
configfs_card composed 1 1
state=/sys/kernel/debug/dri/${card#card}/state

mkdir -p "$OUT/frames-composed"
for i in $(seq 6); do echo "$M/demo.mp4"; done > "$OUT/bg.m3u"
cat > "$OUT/composed.conf" <<CONF
video-output = drm
drm-card = /dev/dri/$card
display-mode = 640x480
layer.bg = source=$OUT/bg.m3u
layer.left = source=$M/h264_aac.mp4 frame=0,0,320x240 group=pair
layer.logo = image=$M/logo_alpha.png frame=400,30,120x60
layer.right = source=$M/h264_aac.mp4 frame=320,240,320x240 group=pair
CONF
sock=/tmp/31-composed.sock
playhead --config "$OUT/composed.conf" --audio-output null --socket "$sock" --events none --capture-every 50 \
  --capture-dir "$OUT/frames-composed" 2> "$OUT/composed.err" &
pid=$!
for i in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
ph-socket "$sock" display > "$OUT/composed-display.txt"
cat "$OUT/composed-display.txt"
: > "$OUT/composed.state"
for i in $(seq 30); do
  grep -q "format=XR24" $state && { cat $state > "$OUT/composed.state"; break; }
  sleep 0.1
done
# One member sought moves the group; one paused pauses it, and both start again together.
sleep 7
ph-socket "$sock" "layer right seek +1" | tee "$OUT/group-seek.txt"
sleep 10
ph-socket "$sock" "layer left pause" | tee "$OUT/group-pause.txt"
sleep 1
ph-socket "$sock" "layer right" > "$OUT/group-paused.txt"
ph-socket "$sock" "layer right play"
wait $pid
cat "$OUT/composed.err"

# The decode budget: a board said to decode 2.5 M pixels of H.264 a second, and two layers each
# playing a 320x240 clip at 25 fps (1.92 M). The first to open fits; the other does not in what
# is left, so it shows its key frames only (one in 12), with one line saying why.
cat > "$OUT/budget.conf" <<CONF
video-output = drm
drm-card = /dev/dri/$card
display-mode = 640x480
decode-capacity = h264=2.5M
layer.one = source=$M/h264_aac.mp4 frame=0,0,320x240
layer.two = source=$M/h264_aac.mp4 frame=320,240,320x240
CONF
playhead --config "$OUT/budget.conf" --audio-output null --events none 2> "$OUT/budget.err"
cat "$OUT/budget.err"

mkdir -p "$OUT/frames-ticker"
printf 'Doors open at 9\n\n\tمرحبا بكم\nCafe on level 2\n' > "$OUT/news.txt"
# (In a here-document `\n` stays a backslash and an n: the text layer's new line.)
cat > "$OUT/ticker.conf" <<CONF
video-output = drm
drm-card = /dev/dri/$card
display-mode = 640x480
layer.bg = source=$M/demo.mp4
layer.notice = text="Doors open at 9\nCafe on level 2" frame=0,0,640x60 size=22 background=20408080
layer.news = ticker=$OUT/news.txt frame=0,420,640x60 size=28 speed=120 background=20408080
CONF
playhead --config "$OUT/ticker.conf" --audio-output null --events none --capture-every 10 --capture-dir "$OUT/frames-ticker" \
  2> "$OUT/ticker.err"
cat "$OUT/ticker.err"
echo 0 > $V/enabled
grep -q "display: layer news: plane [0-9]* (overlay) of its own" "$OUT/ticker.err"
grep -q "display: layer notice: composed on plane [0-9]* (primary)" "$OUT/ticker.err"
grep -q "layer notice: text drawn at 22 pixels" "$OUT/ticker.err"
if grep -q "warning" "$OUT/ticker.err"; then echo "a text layer was not drawn"; exit 1; fi
test "$(ls "$OUT/frames-ticker" | wc -l)" -ge 5
test "$(grep -c "decode budget: .*its key frames only are shown" "$OUT/budget.err")" = 1
keys=$(sed -n "s|.*decode budget: \([a-z]*\): $M/h264_aac.mp4: h264 320x240 at 25 fps needs 77% of what the board decodes (decode-capacity h264=2.5M), 23% is left; its key frames only are shown|\1|p" "$OUT/budget.err")
case "$keys" in one) whole=320+240 keyed=0+0 ;; two) whole=0+0 keyed=320+240 ;; *) echo "no layer was said to show its key frames only"; exit 1 ;; esac
flips() { sed -n "s/.*display: drm .* at 320x240+$1: \([0-9]*\) flips given.*/\1/p" "$OUT/budget.err"; }
full=$(flips $whole) few=$(flips $keyed)
echo "RESULT decode-budget: the whole clip $full flips, the one with key frames only ($keys) $few"
test "$full" -ge 40
test "$few" -ge 1
test "$few" -le 10

grep -q '"layers":\["right: plane [0-9]* (overlay) of its own","logo: composed on plane [0-9]* (primary): no plane left for it","left: composed on plane [0-9]* (primary): under logo, which is composed","bg: composed on plane [0-9]* (primary): under logo, which is composed"\]' "$OUT/composed-display.txt"
grep -q "display: layer logo: composed on plane [0-9]* (primary): no plane left for it" "$OUT/composed.err"
grep -q "group pair: left, right start together" "$OUT/composed.err"
grep -q '"ok":true' "$OUT/group-seek.txt"
grep -q '"state":"paused"' "$OUT/group-paused.txt" || { echo "pausing layer left did not pause layer right, of its group"; exit 1; }
# A stall is the guest's clock outrunning four decoders under emulation (a loaded host's TCG), and
# the layer goes on; a failure or a restart is a layer that did not play.
grep "warning app: layer" "$OUT/composed.err" | grep -v "playbackStalled" > "$OUT/composed.warnings" || true
if [ -s "$OUT/composed.warnings" ]; then cat "$OUT/composed.warnings"; echo "a layer did not play"; exit 1; fi
echo "RESULT composed-stalls: $(grep -c "warning app: layer .*playbackStalled" "$OUT/composed.err")"
if grep -q "group pair: .* starts without them" "$OUT/composed.err"; then echo "a member of the group started alone"; exit 1; fi
# The primary plane shows one screen-sized RGB picture.
primary=$(sed -n 's/.*display: layer bg: composed on plane \([0-9]*\) (primary).*/\1/p' "$OUT/composed.err")
[ -n "$primary" ] || { echo "playhead did not say which plane the layers were composed on"; exit 1; }
awk -v want="plane[$primary]:" '/^plane\[/ { on = ($1 == want) } on' "$OUT/composed.state" > "$OUT/composed.primary"
cat "$OUT/composed.primary"
grep -q "format=XR24" "$OUT/composed.primary"
grep -q "size=640x480" "$OUT/composed.primary"
composed=$(sed -n 's/.*display: \([0-9]*\) pictures composed in software.*/\1/p' "$OUT/composed.err")
[ -n "$composed" ] || { echo "playhead did not say how many pictures it composed"; exit 1; }
echo "RESULT composed-layers: $composed pictures composed in software"
# The demo's 10 s at 25 fps alone makes hundreds of commits with a composed layer's flip.
test "$composed" -ge 200
test "$(ls "$OUT/frames-composed" | wc -l)" -ge 2
