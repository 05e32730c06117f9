# Sound cards come and go while playhead plays, as AVAudioSession's routes do: a more preferred
# card appearing (snd-dummy loaded) takes the sound without a pause; the card in use going away
# (its driver unbound, as a USB card pulled out) is a route change and a pause, never a crash.
# An unattended board (--audio-resume-on-return) plays on when the card comes back.
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
# The cards as playhead lists them for --audio-device and --audio-preference.
playhead --audio-device help | tee "$OUT/audio-help.txt"
grep -q "plughw:CARD=Loopback,DEV=0" "$OUT/audio-help.txt"
rmmod snd-dummy 2>/dev/null || true
ev="$OUT/routes.events"
playhead --video-output null --audio-output alsa --audio-device hw:Loopback,0,0 --audio-preference Dummy,Loopback \
  --events text --stats $M/demo.mp4 $M/demo.mp4 > "$ev" 2> "$OUT/routes.err" &
pid=$!
waitfor "rateChanged"
sleep 1
modprobe snd-dummy
waitfor "routeChanged.*newDeviceAvailable"
grep "routeChanged" "$ev"
sleep 1
# Still playing: no pause came with the move.
if grep -q "rateChanged.*rate=0" "$ev"; then echo "the move to the new card paused playback"; cat "$ev"; exit 1; fi
echo snd_dummy.0 > /sys/bus/platform/drivers/snd_dummy/unbind
waitfor "routeChanged.*oldDeviceUnavailable"
waitfor "rateChanged.*rate=0"
kill -0 $pid
kill $pid; wait $pid || true
# The sound moved on from where it was: the clock never jumped back.
if grep -q "timeJumped" "$ev"; then echo "the clock jumped (timeJumped) while the sound changed cards"; cat "$ev"; exit 1; fi
cat "$ev" | grep -E "routeChanged|rateChanged"
cat "$OUT/routes.err"

# The unattended board: the card pulled out and put back while playing; paused, then on again.
ev="$OUT/routes-return.events"
playhead --video-output null --audio-output alsa --audio-device hw:Loopback,0,0 --audio-preference Dummy,Loopback \
  --audio-resume-on-return --loop --events text $M/demo.mp4 > "$ev" 2> "$OUT/routes-return.err" &
pid=$!
waitfor "rateChanged"
sleep 1
echo snd_dummy.0 > /sys/bus/platform/drivers/snd_dummy/bind
waitfor "routeChanged.*newDeviceAvailable"
sleep 1
echo snd_dummy.0 > /sys/bus/platform/drivers/snd_dummy/unbind
waitfor "routeChanged.*oldDeviceUnavailable"
waitfor "rateChanged.*rate=0"
sleep 1
echo snd_dummy.0 > /sys/bus/platform/drivers/snd_dummy/bind
for i in $(seq 100); do [ "$(grep -c 'rateChanged.*rate=1' "$ev")" -ge 2 ] && break; sleep 0.1; done
grep -E "routeChanged|rateChanged" "$ev"
[ "$(grep -c 'rateChanged.*rate=1' "$ev")" -ge 2 ] || { echo "playback did not go on when the card came back"; exit 1; }
kill $pid; wait $pid || true
echo "RESULT card pulled out and put back: paused, then playing again on it"
