# The control page on the board, driven by the host's browser: the guest's port 8080 reaches the
# host through QEMU's user network (a forwarded port); headless Chromium there logs in, sees the
# screen through vkms's writeback, presses Pause (drivers/27-http-page.py, scripts/api/page_check.py).
# The player's own word on the socket then says paused; dropped frames stay where they were.
# time-limit: 200
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
sock=/tmp/playhead27.sock
rm -f "$OUT/27-http-page.host.done"
load virtio_net || exit 1
# QEMU's user network: the guest is 10.0.2.15, the host 10.0.2.2 (no DHCP needed here).
dev=$(ls /sys/class/net | grep -v '^lo$' | head -1)
[ -n "$dev" ] || { echo "no network interface after virtio_net"; exit 1; }
ip link set lo up && ip link set "$dev" up && ip addr add 10.0.2.15/24 dev "$dev" || { echo "cannot set up $dev"; exit 1; }
echo "board-page-token-0123456789" > /tmp/http-token
playhead --video-output drm --display-mode 640x480 --audio-output null --socket "$sock" --loop --events jsonl \
  --http-listen 0.0.0.0:8080 --http-token-file /tmp/http-token --screenshot-dir /tmp/27-shots $M/demo.mp4 \
  > "$OUT/27-events.jsonl" 2> "$OUT/27-http.err" &
pid=$!
for i in $(seq 150); do grep -q "HTTP API listening" "$OUT/27-http.err" && break; sleep 0.2; done
grep -q "HTTP API listening" "$OUT/27-http.err" || { echo "the API did not start"; cat "$OUT/27-http.err"; exit 1; }
echo "HOST-DRIVE 27-http-page" > /dev/console
for i in $(seq 600); do [ -s "$OUT/27-http-page.host.done" ] && break; sleep 0.2; done
cat "$OUT/27-http-page.host.done"
grep -qx pass "$OUT/27-http-page.host.done" || { tail "$OUT/27-http.err"; exit 1; }
state=$(ph-socket "$sock" status | tail -1)
case $state in *'"state":"paused"'*) ;; *) echo "the socket says $state, not paused"; exit 1 ;; esac
kill $pid
rc=0; wait $pid || rc=$?
[ "$rc" = 143 ] || { echo "playhead exited $rc after SIGTERM, not 143"; tail "$OUT/27-http.err"; exit 1; }
echo "RESULT http page: the host's Chromium logged in, saw the screen, paused the player on the board"
