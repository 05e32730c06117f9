# The board has what later issues need: a KMS card with overlay planes and a writeback
# connector, a loopback and a dummy sound card, and a gpio-sim chip with named lines.
# arches: x86_64 arm64
# time-limit: 30
. /usr/lib/playhead-board/board.sh
test -c /dev/dri/card0 || { echo "no /dev/dri/card0"; exit 1; }
kms-capture --list > "$OUT/kms-list.txt"
cat "$OUT/kms-list.txt"
grep -q "Virtual-1 status=connected" "$OUT/kms-list.txt"
grep -q "Writeback-1" "$OUT/kms-list.txt"
grep -q "type=overlay" "$OUT/kms-list.txt"
cat /proc/asound/cards
grep -q "Loopback" /proc/asound/cards
grep -q "Dummy" /proc/asound/cards
if ! test -c /dev/snd/pcmC0D0p; then echo "no /dev/snd/pcmC0D0p (the loopback card's playback device)"; ls /dev/snd; exit 1; fi
gpiodetect
chip=$(gpio_sim_chip)
gpioinfo $GPIO_TOOL_CHIP "$chip" | tee "$OUT/gpioinfo.txt"
for name in $GPIO_LINES; do grep -q "\"$name\"" "$OUT/gpioinfo.txt" || { echo "line $name missing"; exit 1; }; done
