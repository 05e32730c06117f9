# The TV over HDMI-CEC (issue 35) on the kernel's vivid driver, whose emulated HDMI input and
# outputs share one CEC bus: the input's adapter is the TV (cec-follower, v4l-utils), playhead
# is a playback device on the first output's, and cec-ctl on the second output's (a playback
# device too, claimed first) asks the TV for its power. Playhead wakes the TV at start; `display off` sends it to standby and `display
# on` wakes it again (read back from the TV each time). The TV's remote's pause key pauses
# playback; playhead answers a power-status question with its own screen's state; `cec` names
# the address claimed and the TV's power. Its address cleared by cec-ctl, playhead claims one again.
# time-limit: 120
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
modprobe vivid n_devs=1 num_inputs=1 input_types=0x3 num_outputs=2 output_types=0x3 \
  || { echo "vivid did not load"; exit 1; }
for i in $(seq 50); do [ -e /dev/cec2 ] && break; sleep 0.1; done
# Which adapter is which: their names end in vid-cap0 (the input: the TV) and vid-out0/1.
adapter() { for d in /dev/cec*; do cec-ctl -d "$d" 2>/dev/null | grep -q "Adapter Name.*$1" && { echo "$d"; return 0; }; done; return 1; }
tv=$(adapter vid-cap0) src=$(adapter vid-out0) reader=$(adapter vid-out1) \
  || { echo "vivid made no CEC adapters"; ls -l /dev/cec* /dev/video* 2>&1; exit 1; }
echo "TV on $tv, playhead on $src, the reader on $reader"
cec-ctl -d "$tv" --tv > "$OUT/cec-tv.txt" 2>&1 || { cat "$OUT/cec-tv.txt"; echo "the TV's adapter did not configure"; exit 1; }
cec-follower -d "$tv" > "$OUT/cec-follower.log" 2>&1 &
follower=$!
# The reader claims its playback address before playhead does, on a quiet bus: a claim whose
# poll times out under emulation is given up (seen once: "message 44 timed out"), so it is made
# again. An unregistered asker gets no answer from the TV.
claimed=no
for attempt in 1 2 3; do
  cec-ctl -d "$reader" --playback > /dev/null 2>&1
  for i in $(seq 30); do
    cec-ctl -d "$reader" > "$OUT/cec-reader.txt" 2>&1
    grep -q "Logical Address Mask *: 0x0000" "$OUT/cec-reader.txt" || { claimed=yes; break 2; }
    sleep 0.1
  done
done
[ $claimed = yes ] || { cat "$OUT/cec-reader.txt"; echo "the reader got no logical address"; exit 1; }
sock=/tmp/33-cec.sock
cat > "$OUT/cec.conf" <<CONF
loop = yes
cec-device = $src
cec-name = Lobby screen
CONF
playhead --config "$OUT/cec.conf" --video-output drm --display-mode 640x480 --audio-output null --socket "$sock" --events none \
  "$M/demo.mp4" 2> "$OUT/cec.err" &
pid=$!
for i in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
# until_reply COMMAND PATTERN [TENTHS]: polls playhead's reply to COMMAND until it matches (10 s,
# or TENTHS tenths of a second).
until_reply() {
  for i in $(seq ${3:-100}); do ph-socket "$sock" "$1" > "$OUT/cec-reply.txt" 2>/dev/null; grep -q "$2" "$OUT/cec-reply.txt" && return 0; sleep 0.1; done
  echo "no '$2' in the reply to '$1':"; cat "$OUT/cec-reply.txt"; return 1
}
# 20 s: a claim whose poll timed out (seen: "message 44 timed out" in the kernel's log, playhead
# then waited for ever) is given up by the kernel; playhead claims again 2 s later.
until_reply cec '"state":"playback device [0-9]* at 1.0.0.0"' 200 || { cat "$OUT/cec.err"; exit 1; }
la=$(sed -n 's/.*"state":"playback device \([0-9]*\) at.*/\1/p' "$OUT/cec-reply.txt")
# tv_power: the TV's answer to Give Device Power Status, asked from the reader.
tv_power() {
  cec-ctl -d "$reader" -t0 --give-device-power-status > "$OUT/cec-ask.txt" 2>&1
  sed -n 's/.*pwr-state: \([a-z-]*\).*/\1/p' "$OUT/cec-ask.txt" | head -1
}
# until_tv STATE: polls the TV's power until it is STATE (15 s: cec-follower takes seconds to turn).
until_tv() { for i in $(seq 30); do p=$(tv_power); [ "$p" = "$1" ] && { echo "$p"; return 0; }; sleep 0.5; done; echo "${p:-none}"; return 1; }
at_start=$(until_tv on) || true
ph-socket "$sock" "display off" > /dev/null
after_off=$(until_tv standby) || true
ph-socket "$sock" "display on" > /dev/null
after_on=$(until_tv on) || true
# Playhead's own power, asked by the reader: its screen is on.
own=$(cec-ctl -d "$reader" -t"$la" --give-device-power-status 2>&1 | sed -n 's/.*pwr-state: \([a-z-]*\).*/\1/p' | head -1)
# The TV's remote: pause, from the TV's logical address.
cec-ctl -d "$tv" -t"$la" --user-control-pressed ui-cmd=pause > /dev/null 2>&1
until_reply status '"state":"paused"' && paused=yes || paused=no
until_reply cec '"tv":"on"' || true
cp "$OUT/cec-reply.txt" "$OUT/cec-final.txt"
# Its address taken away (as when the kernel gives up a claim whose poll timed out): playhead
# claims one again by itself.
cec-ctl -d "$src" --clear > "$OUT/cec-clear.txt" 2>&1 || { cat "$OUT/cec-clear.txt"; echo "cec-ctl could not clear playhead's address"; exit 1; }
until_reply cec '"state":"claiming' 50 && cleared=yes || cleared=no
until_reply cec '"state":"playback device [0-9]* at 1.0.0.0"' 200 && reclaimed=yes || reclaimed=no
kill -TERM $pid
wait $pid || true
kill $follower 2>/dev/null
wait $follower 2>/dev/null || true
cat "$OUT/cec.err"
cat "$OUT/cec-final.txt"
echo "RESULT cec: the TV at start $at_start, after display off $after_off, after display on $after_on; playhead's own power $own; the remote's pause paused: $paused; its address cleared: $cleared, claimed again: $reclaimed"
[ "$at_start" = on ] || { echo "the TV is not on after playhead started"; cat "$OUT/cec-reader.txt" "$OUT/cec-ask.txt"; exit 1; }
[ "$after_off" = standby ] || { echo "the TV did not go to standby after display off"; tail -20 "$OUT/cec-follower.log"; exit 1; }
[ "$after_on" = on ] || { echo "the TV did not come on after display on"; tail -20 "$OUT/cec-follower.log"; exit 1; }
[ "$own" = on ] || { echo "playhead did not say its power is on"; exit 1; }
[ "$paused" = yes ] || { echo "the remote's pause did not pause playback"; exit 1; }
[ "$cleared" = yes ] || { echo "cec-ctl --clear did not take playhead's address away"; exit 1; }
[ "$reclaimed" = yes ] || { echo "playhead did not claim an address again after it was taken away"; exit 1; }
grep -q "cec: still no playback address on $src: claiming one again" "$OUT/cec.err"
grep -q '"osd-name":"Lobby screen"' "$OUT/cec-final.txt"
grep -q '"tv":"on"' "$OUT/cec-final.txt"
grep -q "cec: playback device $la at 1.0.0.0; the TV goes on with the screen" "$OUT/cec.err"
grep -q "cec: the remote's key 0x46: pause" "$OUT/cec.err"
