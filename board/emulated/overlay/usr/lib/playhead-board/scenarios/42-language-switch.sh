# Another sound track while playing (issue 39): two_languages.mkv starts in English (440 Hz,
# --audio-languages en) on the loopback card and the DRM screen; 1.5 s in, `track audio fr` on
# the control FIFO switches to its French (880 Hz), which plays to the end. The host
# (checks/42-language-switch.py) reads the recording (English, then French, and how much of
# neither lay between) and the flip trace (every picture once, in order; how long the one at
# the switch stayed up against the others). `--audio-languages en` also chooses the clip's forced
# English subtitles, drawn on a layer of their own above the picture until the switch to French
# (the trace is the picture's layer's, the lowest).
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
ctl=/tmp/playhead.ctl
ev="$OUT/language.events"
rm -f $ctl
arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d 13 "$OUT/language.wav" &
rec=$!
sleep 0.5
# A 200 ms device buffer, as scenario 22's: the software scaling takes most of a vCPU.
playhead --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 --audio-buffer-ms 200 \
  --control $ctl --events text --stats --flip-trace "$OUT/language.flips" --audio-languages en \
  $M/two_languages.mkv $M/silence_05.wav > "$ev" 2> "$OUT/language.err" &
pid=$!
waitfor "readyForDisplay"
sleep 1.5
echo "track audio fr" > $ctl
waitfor "mediaSelectionChanged"
# Not a track it has: one line on stderr, and it plays on.
echo "track audio ja" > $ctl
wait $pid
stop_recording $rec
grep -E "mediaSelectionChanged|selectionRefused|timeJumped|didPlayToEndTime|failed" "$ev"
grep "playhead: stats:" "$OUT/language.err" || cat "$OUT/language.err"
grep -q "no audio in 'ja'; this item has en, fr" "$OUT/language.err" || { echo "the refusal was not said"; cat "$OUT/language.err"; exit 1; }
[ "$(grep -c didPlayToEndTime "$ev")" -eq 2 ] || { echo "the items did not both play to their end"; cat "$ev"; exit 1; }
if grep -q "timeJumped" "$ev"; then echo "the switch made the time jump"; exit 1; fi
echo "RESULT language-switch: $(grep -m1 mediaSelectionChanged "$ev")"
