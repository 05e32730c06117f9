# An interruption through the control interface (a doorbell, an announcement): playback pauses
# on began and resumes on ended with should-resume; a duck lowers the sound instead of pausing;
# a bad command is one line on stderr and playback goes on.
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
ctl=/tmp/playhead.ctl
ev="$OUT/interruption.events"
rm -f $ctl
playhead --video-output null --audio-output alsa --audio-device hw:Loopback,0,0 --control $ctl \
  --events text --stats $M/demo.mp4 > "$ev" 2> "$OUT/interruption.err" &
pid=$!
waitfor "readyForDisplay"
sleep 1
echo "interruption begin" > $ctl
waitfor "interruptionBegan.*ducking=false"
waitfor "rateChanged.*rate=0"
# Paused: the clock stands still while the interruption lasts.
sleep 1
echo "ring the bell twice" > $ctl
echo "interruption end resume" > $ctl
waitfor "interruptionEnded.*shouldResume=true"
[ "$(grep -c 'rateChanged.*rate=1' "$ev")" -ge 2 ] || { echo "did not resume"; cat "$ev"; exit 1; }
echo "interruption begin duck 0.2" > $ctl
waitfor "interruptionBegan.*ducking=true"
echo "interruption end" > $ctl
wait $pid
grep -E "interruption|rateChanged|didPlayToEndTime" "$ev"
cat "$OUT/interruption.err"
grep -q "control: unknown command 'ring'" "$OUT/interruption.err"
grep -q "didPlayToEndTime" "$ev"
