# A display built through vkms's configfs (7.x): a second card with a primary plane, an overlay
# plane, a CRTC, an encoder and a connector whose status is written from here. Writing the status
# makes the kernel itself send the hot-plug uevent, as a real connector's interrupt does (scenario
# 11 on 6.1 has to force the connector and ask for the uevent through sysfs). playhead is told
# the card and the overlay plane, starts with the connector unplugged and waits, shows once it is
# plugged in, hides at the unplug and shows again in the same mode at the replug; the clock and
# the sound go on throughout. The kernel's own state says the picture is on the overlay plane.
# Then the card itself is removed under playhead (the device disabled): one line says so, the
# sound and the clock go on, the item plays to its end, and playhead exits as usual.
# kernels: 7
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
# Connector status: 1 connected, 2 disconnected.
configfs_card playhead 2 0
state=/sys/kernel/debug/dri/${card#card}/state
plug() { echo "$1" > $V/connectors/connector/status; }

playhead --video-output drm --drm-card /dev/dri/$card --display-plane overlay --display-mode 640x480 --stats \
  --events text $M/demo.mp4 > "$OUT/configfs.events" 2> "$OUT/configfs.err" &
pid=$!
# demo.mp4 lasts 5 s: the plug, the unplug and the replug all come within it.
for i in $(seq 100); do grep -q "waiting for one" "$OUT/configfs.err" && break; sleep 0.1; done
sleep 0.3
plug 1
for i in $(seq 50); do grep -q "is connected; showing" "$OUT/configfs.err" && break; sleep 0.1; done
# The kernel's view while it shows: the overlay plane scans the decoded picture out on the CRTC.
: > "$OUT/configfs.state"
for i in $(seq 30); do
  grep -q "format=YU12" $state && { cat $state > "$OUT/configfs.state"; break; }
  sleep 0.1
done
plug 2
sleep 1
plug 1
wait $pid
cat "$OUT/configfs.err"

# The connector of the new card (DRM numbers connectors across cards: not Virtual-1 here) and
# the plane playhead took.
name=$(sed -n "s|.*video on drm /dev/dri/$card \([^ ]*\) (no display yet) CRTC [0-9]* overlay plane .*|\1|p" "$OUT/configfs.err")
[ -n "$name" ] || { echo "playhead did not say it waits on $card's overlay plane"; exit 1; }
# The block of the plane playhead named: bound to the CRTC, a YU12 framebuffer on it.
plane=$(sed -n 's/.*(no display yet) CRTC [0-9]* overlay plane \([0-9]*\) .*/\1/p' "$OUT/configfs.err")
[ -n "$plane" ] || { echo "playhead did not say it took an overlay plane"; exit 1; }
awk -v want="plane[$plane]:" '/^plane\[/ { on = ($1 == want) } on' "$OUT/configfs.state" > "$OUT/configfs.overlay"
grep -E "plane\[|crtc=|format=|crtc-pos" "$OUT/configfs.overlay" || { echo "the state showed no YU12 plane"; exit 1; }
grep -q "crtc=crtc-0" "$OUT/configfs.overlay"
grep -q "format=YU12" "$OUT/configfs.overlay"
grep -q "display: no display is connected to $name; waiting for one (sound goes on)" "$OUT/configfs.err"
grep -q "display: $name is connected; showing in 640x480" "$OUT/configfs.err"
grep -q "display: $name was disconnected; waiting for a display (sound goes on)" "$OUT/configfs.err"
grep -q "display: $name is connected again; showing in 640x480" "$OUT/configfs.err"
grep -q "didPlayToEndTime" "$OUT/configfs.events"
line=$(grep "playhead: display: presented=" "$OUT/configfs.err")
echo "RESULT configfs-display: $card, $line"

# The card removed while playing.
playhead --video-output drm --drm-card /dev/dri/$card --display-plane overlay --display-mode 640x480 --stats \
  --events text $M/demo.mp4 > "$OUT/removed.events" 2> "$OUT/removed.err" &
pid=$!
for i in $(seq 100); do grep -q "first frame on screen" "$OUT/removed.err" && break; sleep 0.1; done
sleep 0.5
echo 0 > $V/enabled
rc=0; wait $pid || rc=$?
cat "$OUT/removed.err"
[ $rc = 0 ] || { echo "playhead exited with $rc after its card was removed"; exit 1; }
grep -q "didPlayToEndTime" "$OUT/removed.events"
refused=$(grep -c "display: /dev/dri/$card refused a page flip (.*); pictures are dropped while it does" "$OUT/removed.err" || true)
[ "$refused" = 1 ] || { echo "the refused page flips were said $refused times, not once"; exit 1; }
line=$(grep "playhead: display: presented=" "$OUT/removed.err")
echo "RESULT configfs-removed: $line"
