# A gpio-sim line pulled up and then down is seen by a libgpiod reader (gpiomon) as a rising
# and a falling edge.
# arches: x86_64 arm64
# time-limit: 30
. /usr/lib/playhead-board/board.sh
chip=$(gpio_sim_chip)
gpiomon --num-events=2 $GPIO_TOOL_CHIP "$chip" 0 > "$OUT/gpio-edges.txt" &
mon=$!
sleep 1
gpio_sim_pull 0 pull-up
sleep 0.3
gpio_sim_pull 0 pull-down
wait $mon
cat "$OUT/gpio-edges.txt"
grep -q "$GPIO_RISING" "$OUT/gpio-edges.txt"
grep -q "$GPIO_FALLING" "$OUT/gpio-edges.txt"
test "$(wc -l < "$OUT/gpio-edges.txt")" -eq 2
