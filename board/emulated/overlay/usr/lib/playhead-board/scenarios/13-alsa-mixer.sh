# The volume goes to the card's mixer when one is named: snd-dummy's Master control follows the
# starting volume and a volume command; a control the card lacks is one warning and the sound
# still plays (volume in software).
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
# A fresh snd-dummy (scenario 08 unbinds it).
rmmod snd-dummy 2>/dev/null || true
modprobe snd-dummy
ctl=/tmp/playhead-mixer.ctl
rm -f $ctl
level() { amixer -D hw:Dummy sget Master 2>/dev/null | sed -n 's/.*Front Left: [-0-9]* \[\([0-9]*\)%\].*/\1/p'; }
playhead --video-output null --audio-output alsa --audio-device plughw:CARD=Dummy,DEV=0 --audio-mixer Master \
  --volume 0.5 --control $ctl --events none $M/demo.mp4 2> "$OUT/mixer.err" &
pid=$!
for i in $(seq 50); do [ "$(level)" = 50 ] && break; sleep 0.1; done
echo "Master at start: $(level)%"
[ "$(level)" = 50 ]
echo "volume 0.2" > $ctl
for i in $(seq 50); do [ "$(level)" = 20 ] && break; sleep 0.1; done
echo "Master after 'volume 0.2': $(level)%"
[ "$(level)" = 20 ]
wait $pid
playhead --video-output null --audio-output alsa --audio-device plughw:CARD=Dummy,DEV=0 --audio-mixer NoSuchControl \
  --events none $M/h264_aac.mp4 2> "$OUT/mixer-missing.err"
cat "$OUT/mixer.err" "$OUT/mixer-missing.err"
grep -q "NoSuchControl" "$OUT/mixer-missing.err"
