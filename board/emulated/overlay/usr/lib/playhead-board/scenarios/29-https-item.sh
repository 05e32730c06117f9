# HTTPS items on the board's own FFmpeg (mbedtls): the host's server (drivers/29-https-item.py:
# Python's TLS server with a certificate openssl made for 10.0.2.2, through QEMU's user network)
# plays with its own authority as --tls-ca-file, is refused with an unrelated one, and waits
# while the clock line says the time is only restored from /data.
# time-limit: 150
. /usr/lib/playhead-board/board.sh
load virtio_net || exit 1
dev=$(ls /sys/class/net | grep -v '^lo$' | head -1)
[ -n "$dev" ] || { echo "no network interface after virtio_net"; exit 1; }
# replace: scenario 27 (the same boot) may have given it the address already.
ip link set lo up && ip link set "$dev" up && ip addr replace 10.0.2.15/24 dev "$dev" || { echo "cannot set up $dev"; exit 1; }
rm -f "$OUT/29-https-item.port"
echo "HOST-DRIVE 29-https-item" > /dev/console
for i in $(seq 300); do [ -s "$OUT/29-https-item.port" ] && break; sleep 0.2; done
[ -s "$OUT/29-https-item.port" ] || { echo "the host's HTTPS server did not start"; cat "$OUT/29-https-item.host.log" 2>/dev/null; exit 1; }
url="https://10.0.2.2:$(cat "$OUT/29-https-item.port")/h264_aac.mp4"
echo "synchronised=no since=1790000000 source=saved:/data/clock" > /tmp/29-clock
echo "synchronised=yes since=1790000000 source=ntp:10.0.2.2" > /tmp/29-synced

# One run of the item: its events in $OUT/29-$1.jsonl. A run whose only item failed exits 2.
run() {
  name=$1; shift
  rc=0
  timeout 60 playhead --video-output null --audio-output null --events jsonl --untimed "$@" "$url" \
    > "$OUT/29-$name.jsonl" 2> "$OUT/29-$name.err" || rc=$?
  echo "$name: playhead exited $rc"
}
played() { grep -q '"event":"didPlayToEndTime"' "$OUT/29-$1.jsonl"; }
failed() { grep '"event":"failedToPlayToEndTime"' "$OUT/29-$1.jsonl" | head -1; }

run trusted --tls-ca-file "$OUT/29-https-item.ca.pem" --clock-file /tmp/29-synced
played trusted || { echo "the item did not play with its own authority"; tail -5 "$OUT/29-trusted.err"; exit 1; }
run other --tls-ca-file "$OUT/29-https-item.other.pem" --clock-file /tmp/29-synced
if played other || [ -z "$(failed other)" ]; then echo "a server no given authority signed was played"; exit 1; fi
case $(failed other) in *"signed by an authority in $OUT/29-https-item.other.pem"*) ;; *) echo "the refusal does not name the authorities: $(failed other)"; exit 1 ;; esac
echo "refused: $(failed other)"
run held --tls-ca-file "$OUT/29-https-item.ca.pem" --clock-file /tmp/29-clock
case $(failed held) in *"waits for a trusted clock"*) ;; *) echo "the item was not held on a restored clock: $(failed held)"; exit 1 ;; esac
echo "done" > "$OUT/29-https-item.guest.done"
echo "RESULT https item: played with its authority, refused with another, held on a restored clock"
