"""`boot.py --mode run` and `--mode appliance`: the board playing the demo, as `make run` shows it
and as a flashed board boots. A person at the terminal gets the board's serial console; otherwise
the host watches the console. Python's standard library only."""
import re
import subprocess
import sys
import time

from guest import run_guest, show_tail
from machine import qemu_command, share_folder
from qemu_console import QemuConsole

FIRST_FRAME = re.compile(r"first frame on screen at ([0-9.]+) s since boot")


def at_terminal(args, share, greeting):
    """The terminal becomes the board's serial console, playhead's console on it, and the demo
    loops until the person leaves (Ctrl-C ends QEMU). None when nobody is at a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    args.interactive = True
    print(greeting, file=sys.stderr)
    return 0 if subprocess.call(qemu_command(args, share), stdin=None) in (0, -2, 130) else 1


def run(args):
    share = share_folder(args.share)
    status = at_terminal(args, share, "board: the demo loops on the emulated board; type help or status at the"
                                      " playhead> prompt; Ctrl-C powers the board off")
    if status is not None:
        return status
    boot = run_guest(qemu_command(args, share), args.log, lambda t: True, args.timeout, None)
    if not boot.in_time:
        print(f"board: the guest did not finish within {args.timeout} s", file=sys.stderr)
        show_tail(boot.tail)
        return 1
    return 0 if boot.status == 0 else 1


def appliance(args):
    """Boots the board as a flashed one (BusyBox init, the supervisor, playhead as its user)
    and, at a terminal, hands the serial console over. Otherwise it watches the console for
    playhead's first frame (its time since boot is on the monotonic clock, which the kernel's
    own timestamps share), lets it play `--linger` seconds, and cuts the power."""
    share = share_folder(args.share)
    status = at_terminal(args, share, "board: the appliance boots and loops the demo; playhead's console is this"
                                      " terminal (help, status); Ctrl-C powers the board off")
    if status is not None:
        return status
    console = QemuConsole(qemu_command(args, share), args.log, echo=lambda t: True)
    console.deadline = time.monotonic() + args.timeout
    first = None
    restarts = 0
    for text in console.lines():
        found = FIRST_FRAME.search(text)
        if found and first is None:
            first = float(found.group(1))
            console.deadline = min(console.deadline, time.monotonic() + args.linger)
        if "playhead-supervise:" in text:
            restarts += 1
    console.stop()
    if first is None:
        print("board: the appliance showed no first frame within "
              f"{args.timeout} s (see {args.log})", file=sys.stderr)
        show_tail(console.tail)
        return 1
    if restarts:
        print(f"board: the supervisor had to restart playhead {restarts} times (see {args.log})", file=sys.stderr)
        show_tail(console.tail)
        return 1
    print(f"board: appliance boot to first frame: {first:.2f} s (kernel start to the first page flip);"
          f" played {args.linger} s more, then the power was cut")
    return 0
