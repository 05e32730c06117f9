# A USB stick as the playlist: playhead plays the folder it is mounted on. The host plugs a stick
# in through QEMU's monitor (drivers/18-usb-stick.py); a small automounter here mounts it, as
# an appliance's hotplug script would. The queue follows: the stick's media in natural order
# (hidden and AppleDouble files left out), then nothing once it is pulled, and playhead waits on.
# time-limit: 240
. /usr/lib/playhead-board/board.sh
sock=/tmp/playhead18.sock
ev=$OUT/18-events.jsonl
for m in xhci-pci usb-storage sd_mod vfat nls_cp437 nls_utf8; do load $m; done
mkdir -p /media/usb
rm -f "$OUT/18-usb.detach" "$OUT/18-usb-stick.host.done"
automount() {
  while :; do
    if [ -b /dev/sda ] && ! grep -q " /media/usb " /proc/mounts; then
      mount -t vfat -o ro,iocharset=utf8 /dev/sda /media/usb && echo "automount: /dev/sda on /media/usb"
    elif [ ! -b /dev/sda ] && grep -q " /media/usb " /proc/mounts; then
      umount -l /media/usb && echo "automount: /media/usb let go"
    fi
    sleep 0.5
  done
}
automount &
am=$!
playhead --video-output null --audio-output null --playlist /media/usb --at-end wait --loop --socket "$sock" \
  --events jsonl > "$ev" 2> "$OUT/18-usb.err" &
pid=$!
for i in $(seq 100); do [ -S "$sock" ] && break; sleep 0.2; done
q() { ph-socket "$sock" queue | tail -1; }
[ "$(q)" = '{"ok":true,"reply":[]}' ] || { echo "before the stick the queue is not empty: $(q)"; exit 1; }
echo "HOST-DRIVE 18-usb-stick" > /dev/console
want='[{"n":1,"current":true,"location":"/media/usb/1 loop.mp4"},{"n":2,"current":false,"location":"/media/usb/02 short.mp4"},{"n":3,"current":false,"location":"/media/usb/10 tiny.mp4"}]'
for i in $(seq 300); do
  case "$(q)" in *'"location":"/media/usb/10 tiny.mp4"'*) break ;; esac
  sleep 0.2
done
got=$(q)
echo "queue with the stick: $got"
case "$got" in *"\"reply\":$want}"*) ;; *) echo "the queue is not the stick's media in natural order"; exit 1 ;; esac
for i in $(seq 150); do grep -q '"event":"currentItemChanged","time":[0-9.]*,"item":"/media/usb/' "$ev" && break; sleep 0.2; done
grep -q '"event":"currentItemChanged","time":[0-9.]*,"item":"/media/usb/' "$ev" || { echo "nothing from the stick played"; exit 1; }
touch "$OUT/18-usb.detach"
for i in $(seq 300); do [ "$(q)" = '{"ok":true,"reply":[]}' ] && break; sleep 0.2; done
echo "queue after the stick was pulled: $(q)"
[ "$(q)" = '{"ok":true,"reply":[]}' ] || { echo "the queue still holds the stick's items"; exit 1; }
kill -0 $pid || { echo "playhead ended when the stick went away"; exit 1; }
for i in $(seq 100); do [ -s "$OUT/18-usb-stick.host.done" ] && break; sleep 0.2; done
cat "$OUT/18-usb-stick.host.done"
grep -qx pass "$OUT/18-usb-stick.host.done"
kill $pid
rc=0; wait $pid || rc=$?
kill $am
[ "$rc" = 143 ] || { echo "playhead exited $rc after SIGTERM, not 143"; tail "$OUT/18-usb.err"; exit 1; }
echo "RESULT usb stick: 3 items in natural order while plugged, none once pulled; $(grep -c currentItemChanged "$ev") item changes"
