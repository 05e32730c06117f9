# Another program holding the card playhead wants (an announcement player on a one-stream
# card): the move there is an interruption, not a failure. Playback pauses with one
# interruptionBegan, and once the other program lets the card go, sound moves there and
# playback resumes (interruptionEnded shouldResume=true).
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
ev="$OUT/busy.events"
rmmod snd-dummy 2>/dev/null || true
modprobe snd-dummy pcm_substreams=1
# Nothing plugged into the Dummy card yet, and another program plays on it.
jack-ctl Dummy "Headphone Jack" off
aplay -q -D hw:CARD=Dummy,DEV=0 -f S16_LE -r 48000 -c 2 /dev/zero &
other=$!
playhead --video-output null --audio-output alsa --audio-device hw:Loopback,0,0 --audio-preference Dummy,Loopback \
  --events text --stats $M/demo.mp4 $M/demo.mp4 > "$ev" 2> "$OUT/busy.err" &
pid=$!
waitfor "rateChanged.*rate=1"
sleep 1
jack-ctl Dummy "Headphone Jack" on
waitfor "interruptionBegan"
waitfor "rateChanged.*rate=0"
sleep 1.2
# Still held: still one interruption, still paused.
[ "$(grep -c interruptionBegan "$ev")" -eq 1 ] || { echo "more than one interruption"; cat "$ev"; exit 1; }
if grep -q interruptionEnded "$ev"; then echo "the interruption ended while the card was still held"; cat "$ev"; exit 1; fi
kill $other; wait $other 2>/dev/null || true
waitfor "interruptionEnded.*shouldResume=true"
for i in $(seq 30); do [ "$(grep -c 'rateChanged.*rate=1' "$ev")" -ge 2 ] && break; sleep 0.1; done
[ "$(grep -c 'rateChanged.*rate=1' "$ev")" -ge 2 ] || { echo "did not resume"; cat "$ev"; exit 1; }
kill -0 $pid
kill $pid; wait $pid || true
grep -E "interruption|routeChanged|rateChanged|ErrorLog" "$ev"
grep -q "routeChanged.*to=Dummy" "$ev" || { echo "the sound did not move to the freed card"; exit 1; }
rmmod snd-dummy
