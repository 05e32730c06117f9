# Buttons and the status light on gpio-sim lines, through playhead's libgpiod reader: a press
# toggles, a skip, a held volume button repeats, a long press takes its own action, a doorbell
# interrupts while held, a chattering contact (edges 1 ms apart) is one press, and the light
# line follows the player. A map naming a missing line stops playhead at start with the list.
# arches: x86_64 arm64
# time-limit: 150
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
sim=/sys/devices/platform/$(cat "$GPIO_SIM/dev_name")/$(gpio_sim_chip)
ev="$OUT/20-buttons.events"
err="$OUT/20-buttons.err"
sock=/tmp/playhead-buttons.sock
conf=$OUT/20-buttons.conf
# Buttons to ground (active-low, pulled up): a press pulls the line down.
press() { echo pull-down > "$sim/sim_gpio$1/pull"; }
release() { echo pull-up > "$sim/sim_gpio$1/pull"; }
count() { grep -c "$1" "$2" || true; }
cat > "$conf" <<'CONF'
# the board scenario 20 buttons
button.play = line=play press=toggle
button.next = line=next press=next
button.volume-up = line=volume-up press="volume +0.05" repeat=yes
button.pause = line=pause press=pause hold=next
button.doorbell = line=doorbell press="interruption begin" release="interruption end"
led = line=led
volume = 0.3
loop = yes
CONF
playhead --config "$conf" --video-output null --audio-output alsa --audio-device hw:Loopback,0,0 --socket "$sock" \
  --events text $M/demo.mp4 $M/h264_aac.mp4 $M/loop_1s.mp4 > "$ev" 2> "$err" &
pid=$!
waitfor "readyForDisplay"
for i in $(seq 50); do ph-socket "$sock" gpio > "$OUT/20-gpio.txt"; grep -q '"buttons":"ready"' "$OUT/20-gpio.txt" && break; sleep 0.1; done
grep -q '"buttons":"ready"' "$OUT/20-gpio.txt" || { echo "the buttons did not come up:"; cat "$OUT/20-gpio.txt" "$err"; exit 1; }
lit() { cat "$sim/sim_gpio8/value"; }
for i in $(seq 30); do [ "$(lit)" = 1 ] && break; sleep 0.1; done
[ "$(lit)" = 1 ] || { echo "the light is not lit while playing"; exit 1; }

# A short press of play: paused, and the light goes out.
press 0; sleep 0.2; release 0
waitfor "rateChanged.*rate=0"
for i in $(seq 30); do [ "$(lit)" = 0 ] && break; sleep 0.1; done
[ "$(lit)" = 0 ] || { echo "the light is still lit while paused"; exit 1; }
# A chattering press (eleven edges 1 ms apart, ending pressed) is one press: playing again, once.
gpio-chatter "$sim/sim_gpio0/pull" 11 1000 pull-down
sleep 0.3; release 0; sleep 0.5
[ "$(count 'rateChanged.*rate=0' "$ev")" = 1 ] || { echo "the chattering press did more than one toggle"; grep rateChanged "$ev"; exit 1; }
[ "$(count 'gpio: play press: toggle' "$err")" = 2 ] || { echo "play: not exactly 2 toggles"; grep gpio: "$err"; exit 1; }
# A glitch shorter than the debounce (10 ms) is nothing.
gpio-chatter "$sim/sim_gpio0/pull" 2 10000 pull-down
sleep 0.5
[ "$(count 'gpio: play press' "$err")" = 2 ] || { echo "a 10 ms glitch was taken as a press"; grep gpio: "$err"; exit 1; }

# Next: one skip.
items=$(count "currentItemChanged" "$ev")
press 2; sleep 0.2; release 2
for i in $(seq 50); do [ "$(count currentItemChanged "$ev")" -gt "$items" ] && break; sleep 0.1; done
[ "$(count currentItemChanged "$ev")" = $((items + 1)) ] || { echo "next: not one item change"; exit 1; }

# Volume held for 1.5 s: the press and then a repeat every 150 ms after 500 ms, stopping at
# release. The emulator's timers are coarse, so the count is checked against the volume the
# player reports, and for stopping, not to the exact beat.
press 4; sleep 1.5; release 4; sleep 0.5
ups=$(count 'gpio: volume-up \(press\|repeat\)' "$err")
sleep 1
[ "$(count 'gpio: volume-up \(press\|repeat\)' "$err")" = "$ups" ] || { echo "volume-up went on repeating after release"; exit 1; }
[ "$ups" -ge 5 ] && [ "$ups" -le 10 ] || { echo "volume-up held 1.5 s gave $ups steps, not 5 to 10"; grep gpio: "$err"; exit 1; }
want=$(awk -v n="$ups" 'BEGIN { v = 0.3 + 0.05 * n; if (v > 1) v = 1; printf "%g", v }')
got=$(ph-socket "$sock" "get volume" | sed -n 's/.*"value":\([0-9.]*\).*/\1/p')
awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; exit !(d < 0.001 && d > -0.001) }' \
  || { echo "volume is $got after $ups steps from 0.3, not $want"; exit 1; }

# Pause held 1.2 s: its long action (next) once, and no pause.
items=$(count "currentItemChanged" "$ev")
pauses=$(count 'rateChanged.*rate=0' "$ev")
press 1; sleep 1.2; release 1; sleep 0.5
[ "$(count currentItemChanged "$ev")" = $((items + 1)) ] || { echo "the long press did not skip once"; exit 1; }
[ "$(count 'rateChanged.*rate=0' "$ev")" = "$pauses" ] || { echo "the long press also paused"; exit 1; }
[ "$(count 'gpio: pause hold: next' "$err")" = 1 ] || { echo "no single hold in the log"; exit 1; }

# The doorbell: an interruption while held.
press 6; sleep 0.5
waitfor "interruptionBegan"
release 6
waitfor "interruptionEnded"

ph-socket "$sock" gpio > "$OUT/20-gpio.txt"
cat "$OUT/20-gpio.txt"
grep -q '"6 doorbell input consumer=playhead' "$OUT/20-gpio.txt" || { echo "gpio does not list the doorbell line as playhead's"; exit 1; }
latency=$(sed -n 's/.*"latency":"\([^"]*\)".*/\1/p' "$OUT/20-gpio.txt")
[ -n "$latency" ] && [ "$latency" != "none yet" ] || { echo "no latency in gpio"; exit 1; }
kill $pid
wait $pid || true
grep "gpio" "$err"
echo "RESULT press-to-action latency (kernel edge to command carried out, the 30 ms debounce included): $latency"

# A map naming a line that is not there: a clear error at start, with what exists.
printf 'button.x = line=nosuch press=toggle\n' > "$OUT/20-bad.conf"
rc=0
playhead --config "$OUT/20-bad.conf" --video-output null --audio-output null $M/demo.mp4 > /dev/null 2> "$OUT/20-bad.err" || rc=$?
cat "$OUT/20-bad.err"
[ "$rc" = 64 ] || { echo "a missing line gave exit $rc, not 64"; exit 1; }
grep -q "playhead: error: button.x: no GPIO line named 'nosuch'; named lines are .*:play, .*:pause" "$OUT/20-bad.err" \
  || { echo "the error does not name the line and list the lines"; exit 1; }
