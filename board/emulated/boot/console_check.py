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
