# The display is unplugged while playing and plugged back in: playhead says so, drops pictures
# while it has no display, keeps the clock going, and shows again in the same mode. vkms has no
# real hot-plug: the connector is forced off and on through sysfs, and, since vkms does not poll
# its connector, the change uevent a probing driver would send is asked for through sysfs too.
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
status=/sys/class/drm/card0-Virtual-1/status
[ -w $status ] || { echo "no $status to force the connector"; exit 1; }
playhead --video-output drm --display-mode 640x480 --stats --events text $M/demo.mp4 > "$OUT/hotplug.events" 2> "$OUT/hotplug.err" &
pid=$!
# Unplug only once the picture is up (start-up under emulation takes a while).
for i in $(seq 100); do grep -q readyForDisplay "$OUT/hotplug.events" && break; sleep 0.1; done
sleep 0.5
# Forces the connector (on, off, or back to detect) and asks for the uevent a probe would send.
force() { echo "$1" > $status; echo change > /sys/class/drm/card0/uevent; }
force off
sleep 1.5
force on
sleep 0.5
force detect
wait $pid
cat "$OUT/hotplug.err"
grep -q "Virtual-1 was disconnected; waiting for a display" "$OUT/hotplug.err"
grep -q "Virtual-1 is connected again; showing in 640x480" "$OUT/hotplug.err"
grep -q "disconnects=1" "$OUT/hotplug.err"
# The item still played to its end on time: the clock did not stop with the picture.
grep -q "didPlayToEndTime" "$OUT/hotplug.events"
line=$(grep "playhead: display: presented=" "$OUT/hotplug.err")
echo "RESULT hotplug: $line"
# Started with no display at all (an appliance booting before its screen): playhead says it
# waits, plays the sound, and shows the picture once a display is plugged in.
force off
playhead --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 --stats \
  --events text $M/demo.mp4 > "$OUT/late.events" 2> "$OUT/late.err" &
pid=$!
for i in $(seq 100); do grep -q "waiting for one" "$OUT/late.err" && break; sleep 0.1; done
sleep 1.5
force on
sleep 0.5
force detect
wait $pid
cat "$OUT/late.err"
grep -q "no display is connected to Virtual-1; waiting for one (sound goes on)" "$OUT/late.err"
grep -q "Virtual-1 is connected; showing in 640x480" "$OUT/late.err"
grep -q "didPlayToEndTime" "$OUT/late.events"
# The display's own count: the engine's (the stats line) also counts frames handed over while
# no display was there.
line=$(grep "playhead: display: presented=" "$OUT/late.err")
presented=$(count_of "$line" presented)
if [ "${presented:-0}" -le 0 ]; then echo "nothing was shown after the display came"; exit 1; fi
echo "RESULT late display: $line"
