# A gpio-sim line pulled up and then down is seen by a libgpiod reader (gpiomon) as a rising
# and a falling edge.
# time-limit: 30
. /usr/lib/playhead-board/board.sh
chip=$(gpio_sim_chip)
gpiomon --num-events=2 "$chip" 0 > "$OUT/gpio-edges.txt" &
mon=$!
sleep 1
gpio_sim_pull 0 pull-up
sleep 0.3
gpio_sim_pull 0 pull-down
wait $mon
cat "$OUT/gpio-edges.txt"
grep -q "RISING" "$OUT/gpio-edges.txt"
grep -q "FALLING" "$OUT/gpio-edges.txt"
test "$(wc -l < "$OUT/gpio-edges.txt")" -eq 2
