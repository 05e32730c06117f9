# No gap between items, nor at each pass of an item looped on its own. Each clip is two seconds
# of 30 fps pictures and an unbroken 1 kHz tone (tone.wav's, in PCM); played back to back they
# make one tone. The loopback card's other end is recorded and frame-log notes what the screen
# showed at each vblank; the host (host/checks/22-gapless.py) finds the joins in playhead's flip
# trace and measures, from the captures, the sound lost or inserted and how long the pictures
# on either side of each join stayed up.
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
run() {  # NAME SECONDS PLAYHEAD-ARGS...: records while playhead plays
  name=$1 seconds=$2; shift 2
  arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d "$seconds" "$OUT/$name.wav" &
  rec=$!
  frame-log "$seconds" > "$OUT/$name.frames" 2> "$OUT/$name.frame-log.err" &
  log=$!
  sleep 0.5
  playhead --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 \
    --events text --stats --flip-trace "$OUT/$name.flips" "$@" > "$OUT/$name.events" 2> "$OUT/$name.err" &
  pid=$!
}
finish() {
  rc=0; wait $pid || rc=$?
  wait $rec; wait $log
  grep "playhead: stats:" "$OUT/$name.err" || cat "$OUT/$name.err"
  if [ $rc -ne "$1" ]; then echo "playhead ended with $rc, not $1"; cat "$OUT/$name.err"; exit 1; fi
}

# A queue: 48 kHz, 44.1 kHz (converted to the card's 48 kHz), 48 kHz again.
run gapless-queue 9 $M/gapless_48k.mkv $M/gapless_44k.mkv $M/gapless_48k.mkv
finish 0
grep -c didPlayToEndTime "$OUT/gapless-queue.events"

# One item looped: three passes and a bit, then SIGTERM (128 + 15).
run gapless-loop 9 --loop $M/gapless_48k.mkv
sleep 7
kill -TERM $pid
finish 143
grep -c didPlayToEndTime "$OUT/gapless-loop.events"
