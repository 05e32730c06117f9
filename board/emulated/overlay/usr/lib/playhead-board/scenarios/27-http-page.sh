# The control page on the board, driven by the host's browser: the guest's port 8080 reaches the
# host through QEMU's user network (a forwarded port); headless Chromium there logs in, sees the
# screen through vkms's writeback, presses Pause (drivers/27-http-page.py, scripts/api/page_check.py).
# The player's own word on the socket then says paused; dropped frames stay where they were.
# time-limit: 240
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

# A card with no writeback connector (most KMS drivers have none): vkms again without it. The
# screenshot is then the picture on screen as decoded: demo.mp4's 640x360, not the screen's
# 640x480 with its bars. vkms goes back as it was for the scenarios after this one.
vkms_again() { rmmod vkms && load vkms enable_writeback=$1 enable_overlay=1 enable_cursor=1 && mdev -s; }
vkms_again 0 || { echo "vkms could not be loaded again without writeback"; exit 1; }
playhead --video-output drm --display-mode 640x480 --audio-output null --loop --events none \
  --http-listen 127.0.0.1:8081 --http-token-file /tmp/http-token --screenshot-dir /tmp/27-nowb $M/demo.mp4 2> "$OUT/27-nowb.err" &
pid=$!
shot=/tmp/27-nowb.png
for i in $(seq 100); do
  wget -q -O "$shot" --header "Authorization: Bearer board-page-token-0123456789" http://127.0.0.1:8081/api/screenshot 2>/dev/null && break
  rm -f "$shot"; sleep 0.2
done
kill $pid; wait $pid || true
vkms_again 1 || { echo "vkms could not be loaded again with writeback"; exit 1; }
grep -q "has no writeback connector: a screenshot is the picture" "$OUT/27-nowb.err" || { echo "playhead did not find vkms without writeback"; tail "$OUT/27-nowb.err"; exit 1; }
[ -s "$shot" ] || { echo "no screenshot from the card without writeback"; tail "$OUT/27-nowb.err"; exit 1; }
# The PNG signature, then IHDR's width and height.
head=$(head -c 24 "$shot" | od -An -tx1 | tr -d ' \n')
case $head in 89504e470d0a1a0a0000000d49484452*) ;; *) echo "the screenshot is not a PNG: $head"; exit 1 ;; esac
size=$(printf '%dx%d' "0x$(echo "$head" | cut -c33-40)" "0x$(echo "$head" | cut -c41-48)")
[ "$size" = 640x360 ] || { echo "the screenshot without writeback is $size, not the picture's 640x360"; exit 1; }
echo "RESULT screenshot without writeback: the picture on screen, $size"
