# Jack detection, as headphones pulled out and plugged back: the card's "Headphone Jack" control
# (added to snd-dummy by jack-ctl, which writes it the way a codec's jack detection would) going
# off is a route change and a pause; coming back on is a route change back to it, still paused
# until someone says play. An HDMI ELD change on the card in use is a configuration change. With
# --audio-preference and no --audio-device, playhead starts on the most preferred card present.
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
ctl=/tmp/playhead-jack.ctl
ev="$OUT/jack.events"
rm -f $ctl
modprobe snd-dummy
jack-ctl Dummy "Headphone Jack" on
playhead --video-output null --audio-output alsa --audio-preference Dummy,Loopback --control $ctl \
  --events text --stats $M/demo.mp4 $M/demo.mp4 > "$ev" 2> "$OUT/jack.err" &
pid=$!
waitfor "rateChanged.*rate=1"
grep -q "sound on alsa plughw:CARD=Dummy" "$OUT/jack.err" || { echo "did not start on the preferred card"; cat "$OUT/jack.err"; exit 1; }
sleep 1
jack-ctl Dummy "Headphone Jack" off
waitfor "routeChanged.*oldDeviceUnavailable"
waitfor "rateChanged.*rate=0"
sleep 0.5
jack-ctl Dummy "Headphone Jack" on
waitfor "routeChanged.*newDeviceAvailable"
# Back on the headphones, and still paused: sound never comes back by itself.
sleep 0.5
[ "$(grep -c 'rateChanged.*rate=1' "$ev")" -eq 1 ] || { echo "resumed by itself"; cat "$ev"; exit 1; }
jack-ctl Dummy eld 7
waitfor "routeChanged.*routeConfigurationChange"
sleep 0.3
[ "$(grep -c routeConfigurationChange "$ev")" -eq 1 ] || { echo "one ELD change, more than one route change"; cat "$ev"; exit 1; }
echo play > $ctl
for i in $(seq 50); do [ "$(grep -c 'rateChanged.*rate=1' "$ev")" -ge 2 ] && break; sleep 0.1; done
[ "$(grep -c 'rateChanged.*rate=1' "$ev")" -ge 2 ] || { echo "did not play again"; cat "$ev"; exit 1; }
kill -0 $pid
kill $pid; wait $pid || true
grep -E "routeChanged|rateChanged" "$ev"
cat "$OUT/jack.err"
rmmod snd-dummy
