# The control surface: playhead's console on the guest's second serial port (a virtio console
# on arm64), typed at from the host (drivers/17-console.py checks each reply), and its
# control socket driven by a script here; the effects are checked in playhead's own events.
# arches: x86_64 arm64
# time-limit: 240
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
conf=$OUT/17-console.conf
sock=/tmp/playhead.sock
printf '# the board scenario 17 options\nvolume = 0.8\nloop = yes\n' > "$conf"
rm -f "$OUT/17-console.host.done"
rm -rf "$OUT/17-shots"
playhead --config "$conf" --screenshot-dir "$OUT/17-shots" --video-output drm --display-mode 640x480 --audio-output alsa --audio-device hw:Loopback,0,0 \
  --console "$BOARD_CONSOLE2" --socket "$sock" --events jsonl $M/demo.mp4 $M/h264_aac.mp4 $M/loop_1s.mp4 \
  > "$OUT/17-events.jsonl" 2> "$OUT/17-console.err" &
pid=$!
for i in $(seq 150); do [ -S "$sock" ] && break; sleep 0.2; done
[ -S "$sock" ] || { echo "no control socket at $sock"; cat "$OUT/17-console.err"; exit 1; }
mode=$(stat -c %a "$sock")
[ "$mode" = 660 ] || { echo "the control socket's mode is $mode, not 660"; exit 1; }
# The socket, as a script on the board drives it: JSON lines both ways.
ph-socket "$sock" status "volume 0.6" "get volume" "bogus" "set volume 9" > "$OUT/17-socket.txt"
cat "$OUT/17-socket.txt"
sed -n 1p "$OUT/17-socket.txt" | grep -q '^{"ok":true,"reply":{"state":"[a-z]*","item":"/usr/share/playhead/media/demo.mp4"' \
  || { echo "socket: status is not a JSON reply naming demo.mp4"; exit 1; }
sed -n 2p "$OUT/17-socket.txt" | grep -qx '{"ok":true,"reply":{"volume":0.6}}' || { echo "socket: volume 0.6 was not taken"; exit 1; }
sed -n 3p "$OUT/17-socket.txt" | grep -q '"value":0.6' || { echo "socket: get volume does not say 0.6"; exit 1; }
sed -n 4p "$OUT/17-socket.txt" | grep -qx '{"ok":false,"error":"unknown command '"'"'bogus'"'"'; `help` lists the commands"}' \
  || { echo "socket: an unknown command is not a one-line JSON error"; exit 1; }
sed -n 5p "$OUT/17-socket.txt" | grep -q '^{"ok":false,"error":"volume: '"'"'9'"'"' is not allowed' \
  || { echo "socket: a bad set is not refused"; exit 1; }
# The serial console, from the host.
echo "HOST-DRIVE 17-console" > /dev/console
for i in $(seq 900); do [ -s "$OUT/17-console.host.done" ] && break; sleep 0.2; done
# SIGHUP reads the file again: the host left a bad line in it, which is refused; mended, it is
# applied.
kill -HUP $pid
for i in $(seq 50); do grep -q "SIGHUP: error: the options file was not applied" "$OUT/17-console.err" && break; sleep 0.2; done
grep -q "SIGHUP: error: the options file was not applied, the old one stays: .*loop: 'sometimes'" "$OUT/17-console.err" \
  || { echo "SIGHUP with a bad file did not say it kept the old one"; tail "$OUT/17-console.err"; exit 1; }
sed -i '/^loop = sometimes$/d; s/^volume = .*/volume = 0.4/' "$conf"
kill -HUP $pid
for i in $(seq 50); do grep -q "SIGHUP: reloaded: " "$OUT/17-console.err" && break; sleep 0.2; done
grep -q "SIGHUP: reloaded: " "$OUT/17-console.err" || { echo "SIGHUP with a good file was not applied"; tail "$OUT/17-console.err"; exit 1; }
[ "$(ph-socket "$sock" "get volume" | tail -1 | grep -c '"value":0.4')" = 1 ] || { echo "after SIGHUP the volume is not the file's 0.4"; exit 1; }
kill $pid
rc=0; wait $pid || rc=$?
# The verdict comes last: only the tail of a failed scenario's output is shown.
[ -f "$OUT/17-console.transcript.txt" ] && cat "$OUT/17-console.transcript.txt"
echo "host side of the console:"; cat "$OUT/17-console.host.done" 2>/dev/null || echo "(no answer from the host driver)"
[ "$rc" = 143 ] || { echo "playhead exited $rc after SIGTERM, not 143"; tail "$OUT/17-console.err"; exit 1; }
[ -S "$sock" ] && { echo "the control socket was left behind"; exit 1; }
grep -qx pass "$OUT/17-console.host.done"
# One taken while paused, one while playing.
for n in 1 2; do
  shot="$OUT/17-shots/screenshot-00000$n.png"
  [ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || { echo "screenshot: no PNG at $shot"; ls -l "$OUT/17-shots"; exit 1; }
done
# The effects, in playhead's events: paused and playing again, the seek, the next item.
ev() { grep -c "$1" "$OUT/17-events.jsonl" || true; }
[ "$(ev '"event":"rateChanged","time":[0-9.]*,"item":"[^"]*demo.mp4","rate":0')" -ge 1 ] || { echo "no pause in the events"; exit 1; }
[ "$(ev '"event":"seekCompleted".*demo.mp4","finished":true')" -ge 1 ] || { echo "no finished seek in demo.mp4"; exit 1; }
[ "$(ev '"event":"currentItemChanged","time":[0-9.]*,"item":"[^"]*h264_aac.mp4"')" -ge 1 ] || { echo "next did not reach h264_aac.mp4"; exit 1; }
echo "RESULT console and socket: $(grep -c '^> ' "$OUT/17-console.transcript.txt") console commands, 5 socket commands answered"
