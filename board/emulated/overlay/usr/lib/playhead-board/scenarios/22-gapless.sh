# No gap between items, nor at each pass of an item looped on its own. Each clip is two seconds
# of 30 fps pictures and an unbroken 1 kHz tone (tone.wav's, in PCM); played back to back they
# make one tone. The loopback card's other end is recorded; playhead's flip trace has the
# vblank of each page flip as the kernel reported it. The host (checks/22-gapless.py)
# measures the sound lost or inserted at each join, and how long the pictures on either side of
# it stayed up. (vkms's CRCs are not read here: with frame-log reading them, this scenario
# wedged the 6.1 guest's kernel.)
# On the 6.1 profile every picture is converted and scaled in software (320x240 onto the
# 640x480 mode), which takes most of a frame's time under TCG, so some pictures anywhere come
# late. On the 7.x profile the same clips at 640x480 go to vkms's YUV plane as decoded, and the
# joins are measured without that load.
# kernels: 6 7
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
if [ "$(uname -r | cut -d. -f1)" -ge 7 ]; then V=_480p; else V=; fi
run() {  # NAME PLAYHEAD-ARGS...: records while playhead plays
  name=$1; shift
  arecord -q -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d 15 "$OUT/$name.wav" &
  rec=$!
  sleep 0.5
  # A 200 ms device buffer: the software scaling takes most of a vCPU under emulation.
  playhead --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 --audio-buffer-ms 200 \
    --events text --stats --flip-trace "$OUT/$name.flips" "$@" > "$OUT/$name.events" 2> "$OUT/$name.err" &
  pid=$!
}
finish() {  # STATUS: the exit status wanted
  rc=0; wait $pid || rc=$?
  stop_recording $rec
  grep "playhead: stats:" "$OUT/$name.err" || cat "$OUT/$name.err"
  if [ $rc -ne "$1" ]; then echo "playhead ended with $rc, not $1"; cat "$OUT/$name.err"; exit 1; fi
}

# One item alone, for the queue to be compared with. Both end with half a second of silence
# (see checks/22-gapless.py).
run gapless-single $M/gapless_48k$V.mkv $M/silence_05.wav
finish 0

# A queue: 48 kHz, 44.1 kHz (converted to the card's 48 kHz), 48 kHz again.
run gapless-queue $M/gapless_48k$V.mkv $M/gapless_44k$V.mkv $M/gapless_48k$V.mkv $M/silence_05.wav
finish 0
echo "queue: $(grep -c didPlayToEndTime "$OUT/gapless-queue.events") items played to their end"

# One item looped: once three passes have ended, SIGTERM (128 + 15).
run gapless-loop --loop $M/gapless_48k$V.mkv
for i in $(seq 100); do
  [ "$(grep -c didPlayToEndTime "$OUT/gapless-loop.events")" -ge 3 ] && break
  sleep 0.2
done
sleep 0.5
kill -TERM $pid
finish 143
echo "loop: $(grep -c didPlayToEndTime "$OUT/gapless-loop.events") passes played to their end"
