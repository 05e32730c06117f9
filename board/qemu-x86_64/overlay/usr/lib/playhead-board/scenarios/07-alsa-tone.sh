# playhead plays a 1 kHz tone through ALSA into the loopback card; its other end is recorded
# and the host checks the frequency, the length, and that no block was lost or repeated
# (host/checks/07-alsa-tone.py). Then again at rate 2: the sound time-stretched to half its
# length, its pitch kept.
# arches: x86_64 arm64
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
# arm64: playhead's start-up under TCG (the dynamic loader with about 140 of Debian's libraries)
# takes about 2 s on an idle host and more on a busy one, where a tone was seen cut off at the
# end of the recording once: there the recordings run 6 s longer. What is checked is the same.
more=0
[ "$BOARD_ARCH" = arm64 ] && more=6
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d $((7 + more)) "$OUT/alsa-tone.wav" &
rec=$!
sleep 0.5
playhead --video-output null --audio-output alsa --audio-device hw:Loopback,0,0 --stats --events none $M/tone.wav 2> "$OUT/alsa-tone.err"
cat "$OUT/alsa-tone.err"
wait $rec
grep -q "sound on alsa hw:Loopback,0,0" "$OUT/alsa-tone.err"
grep "playhead: audio:" "$OUT/alsa-tone.err"

arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d $((6 + more)) "$OUT/alsa-tone-rate2.wav" &
rec=$!
sleep 0.5
playhead --video-output null --audio-output alsa --audio-device hw:Loopback,0,0 --stats --events none --rate 2 $M/tone.wav 2> "$OUT/alsa-tone-rate2.err"
cat "$OUT/alsa-tone-rate2.err"
wait $rec
grep "playhead: stats:" "$OUT/alsa-tone-rate2.err"
