# A board in a fleet (issue 36): the host runs Debian's mosquitto and a content server
# (drivers/39-fleet.py), reached through QEMU's user network. playhead joins the broker and
# plays generation 1 of the content; the host publishes generation 2 and sends `sync` over MQTT
# (answered on its response topic); while the new file downloads, the host cuts the guest's
# cable for 6 s. The download is cut at content-timeout, resumed from where it stopped once the
# cable is back (an HTTP Range), and generation 2 plays at an item's end; nothing from the
# incoming folder ever plays, and the retained `online` says true.
# kernels: 6
# arches: x86_64 arm64
# time-limit: 150
. /usr/lib/playhead-board/board.sh
load virtio_net || exit 1
dev=$(ls /sys/class/net | grep -v '^lo$' | head -1)
[ -n "$dev" ] || { echo "no network interface after virtio_net"; exit 1; }
ip link set lo up && ip link set "$dev" up && ip addr replace 10.0.2.15/24 dev "$dev" || { echo "cannot set up $dev"; exit 1; }
rm -f "$OUT/39-fleet.ports" "$OUT/39-fleet.want-2" "$OUT/39-fleet.host.txt" "$OUT/39-fleet.guest.done"
echo "HOST-DRIVE 39-fleet" > /dev/console
for i in $(seq 300); do [ -s "$OUT/39-fleet.ports" ] && break; sleep 0.2; done
[ -s "$OUT/39-fleet.ports" ] || { echo "the host's servers did not start"; cat "$OUT/39-fleet.host.log" 2>/dev/null; exit 1; }
read http_port mqtt_port < "$OUT/39-fleet.ports"
content=/tmp/39-content
sock=/tmp/39-fleet.sock
rm -rf $content
playhead --video-output null --audio-output null --socket $sock --loop yes --at-end wait --events none \
  --content-url "http://10.0.2.2:$http_port/manifest.json" --content-dir $content --content-timeout 3 --content-interval 600 \
  --mqtt-url "mqtt://10.0.2.2:$mqtt_port" --mqtt-prefix playhead/board /usr/share/playhead/media/tone.wav 2> "$OUT/39-fleet.err" &
pid=$!
item() { ph-socket $sock status 2>/dev/null | sed -n 's/.*"item":"\([^"]*\)".*/\1/p'; }
: > "$OUT/39-items.txt"
# Every item seen playing, every 200 ms, until generation $1 plays or $2 tenths of a second pass.
watch_until() {
  for i in $(seq $2); do
    now=$(item)
    [ -n "$now" ] && [ "$now" != "$(tail -1 "$OUT/39-items.txt")" ] && echo "$now" >> "$OUT/39-items.txt"
    case "$now" in $content/gen-$1/*) return 0 ;; esac
    sleep 0.2
  done
  return 1
}
watch_until 1 300 || { echo "generation 1 did not play"; cat "$OUT/39-fleet.err"; kill $pid; exit 1; }
t=$(date +%s)
echo yes > "$OUT/39-fleet.want-2"
watch_until 2 450 || { echo "generation 2 did not play"; cat "$OUT/39-fleet.err"; kill $pid; exit 1; }
took=$(( $(date +%s) - t ))
# The host has said all it saw once it read the retained `online`.
for i in $(seq 100); do grep -q "^retained online" "$OUT/39-fleet.host.txt" 2>/dev/null && break; sleep 0.2; done
ph-socket $sock content > "$OUT/39-content.txt"
kill -TERM $pid
wait $pid || true
echo done > "$OUT/39-fleet.guest.done"
cat "$OUT/39-fleet.host.txt" "$OUT/39-items.txt" "$OUT/39-content.txt"
grep "content:\|mqtt:" "$OUT/39-fleet.err"
resumed=$(sed -n 's/^request b.mp4 from byte \([1-9][0-9]*\)$/\1/p' "$OUT/39-fleet.host.txt" | head -1)
echo "RESULT fleet: generation 2 played $took s after it was published, its download resumed from byte ${resumed:-none} after the cut"
grep -q "^cable cut after" "$OUT/39-fleet.host.txt" || { echo "the host did not cut the cable"; exit 1; }
[ -n "$resumed" ] || { echo "the download was not resumed with a Range after the cut"; exit 1; }
grep -q "content: b.mp4: .*no answer within the timeout" "$OUT/39-fleet.err" || { echo "the cut was not said"; exit 1; }
grep -q '^reply to sync: .*"ok":true' "$OUT/39-fleet.host.txt" || { echo "sync over MQTT was not answered"; exit 1; }
grep -q "^retained online: true" "$OUT/39-fleet.host.txt" || { echo "the player was not online on the broker"; exit 1; }
if grep -q "/incoming/" "$OUT/39-items.txt"; then echo "an item from the incoming folder played"; exit 1; fi
grep -q '"playing":2' "$OUT/39-content.txt"
