# A 1 kHz tone played to the loopback card is captured from its other end; the host checks the
# captured frequency and length (checks/03-tone.py).
# arches: x86_64 arm64
# time-limit: 60
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d 4 "$OUT/tone-captured.wav" &
rec=$!
sleep 0.5
aplay -q -D hw:Loopback,0,0 /usr/share/playhead/media/tone.wav
wait $rec
ls -l "$OUT/tone-captured.wav"
