"""One watched boot of an emulated board: its console read into a log, host drivers started when
a scenario asks for them, and a guest that wedges stopped early with QEMU's monitor asked where
each vCPU was. Python's standard library only."""
import pathlib
import re
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field

from qemu_console import QemuConsole

BOARD = pathlib.Path(__file__).resolve().parent.parent  # board/emulated


@dataclass
class Boot:
    """How a boot ended: QEMU's exit status (None when it was stopped), whether it ended in
    time, whether the guest wedged, and the console's last lines."""
    status: int | None
    in_time: bool
    wedged: bool = False
    tail: list = field(default_factory=list)


def show_tail(tail, count=25):
    print("board: the console's last lines:", file=sys.stderr)
    for text in tail[-count:]:
        print("  | " + text, file=sys.stderr)


def monitor_dump(path):
    """What QEMU's monitor says about each vCPU of a wedged guest: where it is (RIP, flags, the
    next instructions). Two CPUs spinning with interrupts off (IF clear in RFL) are a kernel
    deadlock; both halted with interrupts on are a lost interrupt. Best effort: [] on error."""
    if not path:
        return []
    prompt = b"(qemu) "
    out = []
    try:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(10)
            sock.connect(path)

            def until_prompt():
                data = b""
                while not data.endswith(prompt):
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                return data

            until_prompt()
            for command in ["info cpus", "cpu 0", "info registers", "x/4i $pc", "cpu 1", "info registers", "x/4i $pc"]:
                sock.sendall(command.encode() + b"\n")
                text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]|\r", "", until_prompt().decode("utf-8", "replace"))
                out += [f"monitor| {l}" for l in text.splitlines() if l.strip() and not l.startswith("(qemu)")]
    except OSError as e:
        out.append(f"monitor| no answer from QEMU's monitor: {e}")
    return out


def start_driver(text, sockets, share, drivers):
    """`HOST-DRIVE NAME` from the guest: drivers/NAME.py plays the person at the board (the
    serial console, QEMU's monitor for a USB stick) while the scenario runs. It reports through
    the share, which the scenario waits on."""
    name = text.split()[1] if len(text.split()) > 1 else ""
    script = BOARD / "drivers" / f"{name}.py"
    out = pathlib.Path(share) / "out"
    if not re.fullmatch(r"[0-9A-Za-z_-]+", name) or not script.exists():
        (out / f"{name or 'unnamed'}.host.done").write_text(f"fail: no host driver {name!r}\n")
        return
    log = open(out / f"{name}.host.log", "w")
    drivers.append(subprocess.Popen([sys.executable, str(script), sockets["console2"], sockets["monitor"], str(out)],
                                    stdout=log, stderr=subprocess.STDOUT))


def reap(drivers):
    """A driver still running when the guest is gone has nobody to talk to."""
    for d in drivers:
        if d.poll() is None:
            d.kill()
        d.wait()


def wedge_report(console, monitor):
    """The monitor's dump into the log, and its gist on the terminal: where each vCPU is and
    whether it takes interrupts."""
    dump = monitor_dump(monitor)
    for text in dump:
        console.note(text)
    for text in dump:
        if re.search(r"RIP=|PC=|^monitor\| [* ]*CPU #|^monitor\| 0x", text):
            print("  " + text, file=sys.stderr)


def run_guest(cmd, log, echo, timeout, done_marker, progress=None, monitor=None, sockets=None, share=None, enough=None):
    """Runs QEMU until it exits, its console logged to `log` (lines for which `echo` is true on
    the terminal too). `progress(line)` may return how many seconds the guest has until its next
    sign of life: a wedged guest (a kernel wait that `timeout` in the guest cannot break) is
    then stopped early, not after `timeout`. After `done_marker`, QEMU has 20 s to exit; after a
    line for which `enough(line)` is true it is stopped at once, as if done."""
    console = QemuConsole(cmd, log, echo=echo, quiet=lambda t: t == "BOARD-ALIVE")
    drivers = []
    deadline = time.monotonic() + timeout
    done_at = stall_at = None
    console.deadline = deadline
    for text in console.lines():
        if sockets and share and text.startswith("HOST-DRIVE "):
            start_driver(text, sockets, share, drivers)
        if done_marker and text.startswith(done_marker):
            done_at = time.monotonic()
        if enough is not None and done_at is None and enough(text):
            done_at = time.monotonic() - 20
        allowed = progress(text) if progress is not None else None
        if allowed is not None:
            stall_at = time.monotonic() + allowed
        console.deadline = min([deadline] + ([done_at + 20] if done_at is not None else [])
                               + ([stall_at + 0.01] if stall_at is not None else []))
    ended = console.ended_at is not None
    wedged = not ended and stall_at is not None and stall_at <= time.monotonic()
    if wedged:
        console.line("board: no sign of life from the guest (its heartbeat, or the scenario's result within its time limit "
                     "and a minute); stopping it")
        wedge_report(console, monitor)
    status = console.stop()
    reap(drivers)
    if ended:
        return Boot(status, True, tail=console.tail)
    # Stopped: wedged, or out of time (in time after all when the guest had said it was done).
    return Boot(None, done_at is not None and not wedged, wedged, console.tail)
