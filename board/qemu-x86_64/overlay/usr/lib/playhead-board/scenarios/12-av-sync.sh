# A/V sync measured from outside playhead: a clip with a white frame and a beep at each whole
# second plays on vkms and the loopback card; av-probe times each flash by the vblank that showed
# it (CRTC CRCs) and each beep as the loopback's capture side receives it, on one clock. The
# host pairs them up and reports the offset (host/checks/12-av-sync.py).
# arches: x86_64 arm64
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
ev="$OUT/av-sync.events"
# The probe first: the loopback's capture side fixes the format both ends use, as arecord does.
av-probe 13 > "$OUT/av-probe.txt" &
probe=$!
sleep 0.5
playhead --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 \
  --events text --stats --flip-trace "$OUT/flips.txt" $M/av_sync.mp4 > "$ev" 2> "$OUT/av-sync.err"
wait $probe
cat "$OUT/av-sync.err"
echo "$(grep -c flash "$OUT/av-probe.txt") flashes, $(grep -c beep "$OUT/av-probe.txt") beeps"
