#!/usr/bin/env python3
"""A check of the harness itself, run before the boards boot: a reader that stops after the first
line of a chunk (as a reply's matcher does) gets the chunk's other lines at its next call at once,
not only when the guest next prints. Lost lines once cut an update-test report to its first line."""
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from qemu_console import QemuConsole  # noqa: E402

with tempfile.TemporaryDirectory() as tmp:
    console = QemuConsole(["sh", "-c", "printf 'one\\ntwo\\nthree\\n'; sleep 3"], f"{tmp}/console.log")
    console.deadline = time.monotonic() + 2
    first = next(console.lines())
    console.deadline = time.monotonic() + 0.5
    rest = list(console.lines())
    console.stop()
if (first, rest) != ("one", ["two", "three"]):
    sys.exit(f"console_check: a chunk's lines after the first were not handed out at once: got {first!r} then {rest!r}")
print("console_check: a chunk's later lines come at the next read")

# The wedge watch: the heartbeat keeps a guest alive for ALIVE_WITHIN seconds, never beyond the
# scenario's limit and a minute (01-devices: 30 s), which only a result moves on.
from scenarios import ALIVE_WITHIN, scenario_watch  # noqa: E402

now = [0.0]
watch = scenario_watch(["01-devices", "02-pattern"], clock=lambda: now[0])
seen = [watch("board: scenarios start")]
for t in (5, 50, 85, 89):
    now[0] = t
    seen.append(watch("BOARD-ALIVE"))
now[0] = 95
seen.append(watch("BOARD-RESULT 01-devices pass 95s"))
seen.append(watch("some other line"))
if seen != [ALIVE_WITHIN, ALIVE_WITHIN, ALIVE_WITHIN, 5, 1, ALIVE_WITHIN, None]:
    sys.exit(f"console_check: the wedge watch gave {seen}")
print(f"console_check: a silent guest is given up after {ALIVE_WITHIN} s, a stuck scenario after its limit and a minute")

# Arrival times (wall_drift.py puts a guest's clock on the host's by them): a line's time is when
# its first byte came, also when its end came in a later chunk.
with tempfile.TemporaryDirectory() as tmp:
    console = QemuConsole(["sh", "-c", "printf 'a\\nb\\n'; sleep 0.6; printf 'c'; sleep 0.6; printf 'd\\n'"], f"{tmp}/console.log")
    began = time.monotonic()
    came = {text: console.arrived - began for text in console.lines()}
    console.stop()
if set(came) != {"a", "b", "cd"} or came["a"] > 0.3 or came["b"] > 0.3 or not 0.5 < came["cd"] < 0.9:
    sys.exit(f"console_check: lines' arrival times, from the start: {came}")
print("console_check: each line's arrival is its first byte's")
