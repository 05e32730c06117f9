#!/usr/bin/env python3
"""`make board-wall-drift`: a sync group across two emulated boards (issue 37's long runs).
Python's standard library only.

Two QEMU guests of the x86_64 board (one vCPU each, so that both fit on a two-core machine),
joined by a network of QEMU's own: each QEMU's virtio-net sends its frames to the other's Unix
datagram socket, so nothing of the host's network is used and no namespace is needed. The
leader plays the looping playlist (three entries, item changes every 3 to 6 s); the follower's
clock frequency is skewed (adjtimex, SKEW_PPM) and both guests delay what they send with netem.
drift/guest.sh is each guest's half, typed at its shell; both run the variants in turn:
`leader` (playhead's own clock estimate, no time service) and `system` (Debian's chronyd in both
guests, the group's clock CLOCK_REALTIME). The host stamps each guest's `CLK` lines (its two
clocks, once a second) as they arrive on its serial console: under TCG both guests' clocks tick
from the host's, which is then the common clock that tells how far apart the two screens really
are, whatever either guest believes. wall_drift_report.py (with wall_drift_clocks.py) reads it all
and judges.

Run under `flock /tmp/playhead-board.lock` (one board run at a time on the machine): these two
guests are the only pair it may run."""
import argparse
import os
import pathlib
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from machine import ARCHES, qemu_binary
from qemu_console import QemuConsole
import wall_drift_report

HERE = pathlib.Path(__file__).resolve().parent
DRIFT = HERE.parent / "drift"
# The console's line that says the board's shell is up (board.sh's board_shell).
SHELL_UP = "board: shell on the serial console"


class Guest:
    """One QEMU and its serial console (QemuConsole), read on a thread of its own: `CLK` lines
    kept with the host's monotonic time at which their first byte arrived, the command typed
    once the shell is up, `DRIFT` lines on the terminal."""

    def __init__(self, role, cmd, command, out):
        self.role, self.command = role, command
        self.console = QemuConsole(cmd, out / f"console-{role}.log", stdin=True)
        self.clk = open(out / f"host-clk-{role}.txt", "w")
        self.ended = threading.Event()
        self.result = None  # "done", or the guest's failure line
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        for text in self.console.lines():
            self.line(text, self.console.arrived)
        self.clk.close()
        self.ended.set()

    def line(self, text, at):
        if text.startswith("CLK "):
            self.clk.write(f"{at:.6f} {text[4:]}\n")
            self.clk.flush()
            return
        if SHELL_UP in text and self.command:
            self.console.send(self.command.encode() + b"\n")
            self.command = None
        if text.startswith(("DRIFT ", "DRIFT-")):
            print(f"  {text}", flush=True)
        if text.startswith("DRIFT-DONE"):
            self.result = self.result or "done"
        elif text.startswith("DRIFT-FAIL"):
            self.result = text

    def stop(self):
        """QEMU killed (a power cut), its console read to the end, then closed."""
        if self.console.proc.poll() is None:
            self.console.proc.kill()
        self.thread.join(timeout=30)
        self.console.stop()


def chrony_files(dest):
    """Debian's chronyd and chronyc (the host's chrony package) and the libraries they load,
    for the guests to run from the share; the board's initramfs stays as it is."""
    dest.mkdir(parents=True)
    for name in ("chronyd", "chronyc"):
        path = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
        if path is None:
            sys.exit(f"board-wall-drift: {name} is missing; run 'make deps' (package chrony)")
        shutil.copy(path, dest / name)
        listed = subprocess.run(["ldd", path], capture_output=True, text=True, check=True).stdout
        for row in listed.splitlines():
            parts = row.split()
            if "=>" in parts and len(parts) > 2 and parts[2].startswith("/"):
                shutil.copy(os.path.realpath(parts[2]), dest / parts[0])


def prepare(args, out):
    """The share both guests mount: drift/ (the guest's script, the clock reader, the group's
    key, chrony) and out/ROLE/ for what each guest writes."""
    shutil.rmtree(out, ignore_errors=True)
    share = out / "share"
    (share / "out" / "leader").mkdir(parents=True)
    (share / "out" / "follower").mkdir(parents=True)
    drift = share / "drift"
    drift.mkdir()
    shutil.copy(DRIFT / "guest.sh", drift / "guest.sh")
    build = subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-Werror", "-static", "-o", str(drift / "clock-pair"),
                            str(DRIFT / "clock-pair.c")], capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit(f"board-wall-drift: clock-pair.c did not build: {build.stderr.strip()}")
    (drift / "sync.key").write_text(secrets.token_hex(32) + "\n")
    chrony_files(drift / "chrony")
    return share


def qemu_command(args, role, share, sockets):
    """One guest: the board's kernel and initramfs, one vCPU, the share, and a virtio-net whose
    frames go to the other guest's socket (distinct MACs)."""
    me, peer = ("leader", "follower") if role == "leader" else ("follower", "leader")
    mac = "52:54:00:99:00:01" if role == "leader" else "52:54:00:99:00:02"
    append = f"console={ARCHES['x86_64']['console']} quiet panic=-1 playhead.mode=shell playhead.share"
    return [qemu_binary(args), "-accel", "tcg", "-m", str(args.memory), "-smp", "1", "-nodefaults",
            "-display", "none", "-monitor", "none", "-serial", "stdio", "-no-reboot",
            "-kernel", str(args.kernel), "-initrd", str(args.initrd),
            "-virtfs", f"local,path={share},mount_tag=host,security_model=none,id=host0",
            "-netdev", f"dgram,id=net0,local.type=unix,local.path={sockets / me},"
                       f"remote.type=unix,remote.path={sockets / peer}",
            "-device", f"virtio-net-pci,netdev=net0,mac={mac}",
            "-append", append]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kernel", required=True, type=pathlib.Path)
    parser.add_argument("--initrd", required=True, type=pathlib.Path)
    parser.add_argument("--out", required=True, type=pathlib.Path, help="this run's folder (emptied first)")
    parser.add_argument("--run", type=int, default=1800, help="seconds the follower plays in each variant before its restart")
    parser.add_argument("--rejoin", type=int, default=30, help="seconds the restarted follower plays")
    parser.add_argument("--skew-ppm", type=float, default=100.0, help="the follower's clock frequency offset (at most +-500)")
    parser.add_argument("--delay", type=float, default=4.0, help="netem delay each guest adds to what it sends, ms")
    parser.add_argument("--jitter", type=float, default=2.0, help="netem jitter, +- ms")
    parser.add_argument("--variants", default="leader system", help="'leader', 'system' or both, run in that order")
    parser.add_argument("--memory", type=int, default=1024, help="each guest's memory in MiB")
    args = parser.parse_args()
    args.arch = "x86_64"  # the board whose kernel and initramfs these are (machine.py's name)
    for path in (args.kernel, args.initrd):
        if not path.exists():
            sys.exit(f"board-wall-drift: {path} is missing; run 'make board' first")
    variants = args.variants.split()
    if not variants or any(v not in ("leader", "system") for v in variants):
        sys.exit(f"board-wall-drift: variants '{args.variants}' are not 'leader' and/or 'system'")
    if args.run < 30 or args.rejoin < 10:
        sys.exit(f"board-wall-drift: run {args.run} s or rejoin {args.rejoin} s too short (at least 30 and 10)")
    if abs(args.skew_ppm) > 500 or args.delay < 0 or args.jitter < 0 or args.jitter > args.delay:
        sys.exit(f"board-wall-drift: skew {args.skew_ppm} ppm (at most +-500), delay {args.delay} ms or jitter "
                 f"{args.jitter} ms (at most the delay) out of range")
    out = args.out.resolve()
    share = prepare(args, out)
    # adjtimex -f takes the frequency in 2^-16 ppm.
    env = (f"RUN={args.run} REJOIN={args.rejoin} SKEW={round(args.skew_ppm * 65536)} DELAY={args.delay:g} "
           f"JITTER={args.jitter:g} VARIANTS='{' '.join(variants)}'")
    sockets = pathlib.Path(tempfile.mkdtemp(prefix="playhead-drift-"))
    limit = len(variants) * (args.run + args.rejoin + 420) + 240
    print(f"board-wall-drift: two guests, the follower's clock {args.skew_ppm:+g} ppm, netem {args.delay:g} ms +- "
          f"{args.jitter:g} ms each way; variants {', '.join(variants)}, {args.run} s each and a {args.rejoin} s rejoin; "
          f"at most {limit} s; outputs in {out}", flush=True)
    started = time.monotonic()
    guests = []
    for role in ("leader", "follower"):
        command = (f"{env} ROLE={role} sh /host/drift/guest.sh 2>&1 | tee /host/out/{role}/guest.log; "
                   f"sync; poweroff -f")
        guests.append(Guest(role, qemu_command(args, role, share, sockets), command, out))
    try:
        # Until both have powered off; a guest that failed ends the run (the other would wait
        # on it for minutes), after a few seconds for its last lines.
        while not all(g.ended.is_set() for g in guests) and time.monotonic() - started < limit:
            if any(g.result not in (None, "done") or (g.ended.is_set() and g.result is None) for g in guests):
                time.sleep(5)
                break
            time.sleep(1)
    finally:
        for g in guests:
            g.stop()
        shutil.rmtree(sockets, ignore_errors=True)
    print(f"board-wall-drift: both guests ended after {time.monotonic() - started:.0f} s", flush=True)
    for g in guests:
        if g.result != "done":
            why = g.result or f"no DRIFT-DONE within {limit} s"
            sys.exit(f"board-wall-drift: the {g.role} guest failed: {why} (see {out}/console-{g.role}.log)")
    sys.exit(wall_drift_report.report(out, variants, args))


if __name__ == "__main__":
    main()
