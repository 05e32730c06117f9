# The screen's power where scenario 32 does not reach (issue 35). First a screen of layers: the
# demo on the primary plane and a clip in the top-left quarter on an overlay plane. `display off`
# makes the CRTC inactive through the display thread (the layers' planes kept), and every layer
# pauses; `display on` gives each plane its last picture back (the same planes showing a
# framebuffer as before the off, in the kernel's state), the layers play on, and writeback
# captures follow.
# Then one player with its sound on an analogue card (the loopback) and `screen-off-sound =
# keep`: the CRTC goes inactive (not a black picture: no HDMI signal to keep), playback goes on,
# and the tone recorded while the screen is off is there (checks/37-screen-power-more.py).
# kernels: 6
# arches: x86_64
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
state=/sys/kernel/debug/dri/0/state
active() { sed -n 's/^\s*active=\([01]\)$/\1/p' $state | head -1; }
# The planes showing a framebuffer, in the kernel's order (which framebuffer changes as soon
# as the layers play again).
fbs() { awk '/^plane\[/ { p = $1 } /fb=/ { sub(/.*fb=/, ""); if ($0 != "0") printf "%s ", p }' $state; }
wait_for() { for i in $(seq 50); do grep -q "$1" "$2" && return 0; sleep 0.1; done; return 1; }

mkdir -p "$OUT/frames-power"
cat > "$OUT/power-layers.conf" <<CONF
video-output = drm
display-mode = 640x480
loop = yes
layer.bg = source=$M/demo.mp4
layer.left = source=$M/h264_aac.mp4 frame=0,0,320x240
CONF
sock=/tmp/37-power.sock
playhead --config "$OUT/power-layers.conf" --audio-output null --socket $sock --events none --log-level debug \
  --capture-every 5 --capture-dir "$OUT/frames-power" 2> "$OUT/power-layers.err" &
pid=$!
for i in $(seq 100); do [ -S $sock ] && grep -q "first frame on screen" "$OUT/power-layers.err" && break; sleep 0.1; done
sleep 1
ph-socket $sock "display off" > "$OUT/power-layers-off.txt"
cat "$OUT/power-layers-off.txt"
wait_for "display: off (the CRTC is inactive" "$OUT/power-layers.err" || true
off_active=$(active)
fb_off=$(fbs)
ph-socket $sock status > "$OUT/power-layers-status.txt"
ph-socket $sock "layer left" > "$OUT/power-layers-left.txt"
sleep 1
captures_off=$(ls "$OUT/frames-power" | wc -l)
ph-socket $sock "display on" > /dev/null
wait_for "display: on (640x480" "$OUT/power-layers.err" || true
on_active=$(active)
fb_on=$(fbs)
sleep 2
captures_on=$(ls "$OUT/frames-power" | wc -l)
ph-socket $sock "layer left" > "$OUT/power-layers-left-on.txt"
kill -TERM $pid
wait $pid || true
cat "$OUT/power-layers.err"
echo "RESULT layers-screen-power: CRTC active=$off_active while off, $on_active after on; planes on while off: $fb_off; after on: $fb_on; captures $captures_off before on, $captures_on 2 s after"
grep -q '"ok":true' "$OUT/power-layers-off.txt" || { echo "display off was refused for a screen of layers"; exit 1; }
[ "$off_active" = 0 ] || { echo "the CRTC stayed active with the screen of layers off"; exit 1; }
[ "$on_active" = 1 ] || { echo "the CRTC is not active after the screen of layers came on"; exit 1; }
[ "$fb_off" = "$fb_on" ] || { echo "the layers' planes did not get their pictures back"; exit 1; }
[ "$(echo $fb_on | wc -w)" = 2 ] || { echo "not both layers' planes show a picture after on"; exit 1; }
grep -q '"screen":"off"' "$OUT/power-layers-status.txt"
grep -q '"state":"paused"' "$OUT/power-layers-left.txt" || { echo "layer left played on with the screen off"; exit 1; }
grep -q '"state":"playing"' "$OUT/power-layers-left-on.txt" || { echo "layer left did not play again after on"; exit 1; }
[ "$captures_on" -gt "$captures_off" ] || { echo "no picture was captured after the screen came on"; exit 1; }
grep -q "display: off (the CRTC is inactive, its mode 640x480.* and the layers' planes kept)" "$OUT/power-layers.err"
if grep -q "refused a page flip" "$OUT/power-layers.err"; then echo "a layer's flip was refused around the switch"; exit 1; fi

# The sound kept on an analogue card: the CRTC goes off, the tone goes on. The recording (begun
# first, so that it sets the loopback's format) spans the whole run, the 2 s off in its middle.
printf 'loop = yes\nscreen-off-sound = keep\n' > "$OUT/keep-analogue.conf"
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d 20 "$OUT/keep-analogue.wav" &
rec=$!
playhead --config "$OUT/keep-analogue.conf" --video-output drm --display-mode 640x480 --audio-output alsa \
  --audio-device hw:Loopback,0,0 --socket $sock --events none "$M/h264_aac.mp4" 2> "$OUT/keep-analogue.err" &
pid=$!
for i in $(seq 100); do [ -S $sock ] && grep -q "first frame on screen" "$OUT/keep-analogue.err" && break; sleep 0.1; done
sleep 1
ph-socket $sock "display off" > /dev/null
wait_for "display: off (the CRTC is inactive" "$OUT/keep-analogue.err" || true
keep_active=$(active)
sleep 2
ph-socket $sock status > "$OUT/keep-analogue-status.txt"
ph-socket $sock "display on" > /dev/null
wait_for "display: on (640x480" "$OUT/keep-analogue.err" || true
sleep 1
kill -TERM $pid
wait $pid || true
kill -INT $rec
wait $rec || true
cat "$OUT/keep-analogue.err"
echo "RESULT analogue-screen-off: CRTC active=$keep_active while off; the sound of the whole run in keep-analogue.wav"
[ "$keep_active" = 0 ] || { echo "the CRTC stayed on although the sound is not over HDMI"; exit 1; }
grep -q '"screen":"off"' "$OUT/keep-analogue-status.txt"
grep -q '"state":"playing"' "$OUT/keep-analogue-status.txt" || { echo "playback did not go on:"; cat "$OUT/keep-analogue-status.txt"; exit 1; }
grep -q "the sound plays on (screen-off-sound keep)" "$OUT/keep-analogue.err"
