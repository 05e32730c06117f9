#!/usr/bin/env python3
"""Boots the emulated board under QEMU (TCG, never KVM) and, in test mode, collects the
scenarios' results through the 9p share. Python's standard library only.

A guest that hangs, a scenario that fails or never reports, a host check that fails: each ends
the run non-zero with a one-line reason and the console's last lines. A guest that wedges (no
progress within a scenario's time limit and a minute) fails the run too, naming the scenario;
QEMU's monitor is asked where each vCPU was, and the guest is booted again after that scenario
so that the rest still run and report."""
import argparse
import os
import pathlib
import re
import select
import shutil
import socket
import subprocess
import tempfile
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import peers  # noqa: E402  (beside this file)

HERE = pathlib.Path(__file__).resolve().parent
BOARD = HERE.parent  # board/emulated: what both emulated boards share
SCENARIOS = BOARD / "overlay/usr/lib/playhead-board/scenarios"


# What differs between the boards: QEMU's binary and its package, the machine, the console's
# name. The arm64 board (board/qemu-aarch64) is QEMU's generic `virt` machine with the CPU that
# has every feature QEMU emulates; `pauth-impdef` swaps the architected pointer-authentication
# hash (QARMA, slow to emulate) for QEMU's own, which the guest cannot tell apart.
ARCHES = {
    "x86_64": {"qemu": "qemu-system-x86_64", "package": "qemu-system-x86", "machine": [], "console": "ttyS0"},
    "arm64": {"qemu": "qemu-system-aarch64", "package": "qemu-system-arm",
              "machine": ["-M", "virt", "-cpu", "max,pauth-impdef=on"], "console": "ttyAMA0"},
}


def qemu_binary(args):
    arch = ARCHES[args.arch]
    qemu = shutil.which(arch["qemu"])
    if qemu is None:
        sys.exit(f"board: {arch['qemu']} is missing; run 'make deps' (package {arch['package']})")
    return qemu


def qemu_command(args, share, monitor=None, console2=None):
    qemu = qemu_binary(args)
    arch = ARCHES[args.arch]
    append = f"console={arch['console']} quiet panic=-1 playhead.mode={args.mode}"
    if getattr(args, "only", None):
        append += f" playhead.only={args.only}"
    if getattr(args, "interactive", False):
        append += " playhead.interactive"
    if getattr(args, "resume_from", None):
        append += f" playhead.from={args.resume_from}"
    # The monitor, when asked for, is a socket the host reads the vCPUs' state from when the
    # guest wedges.
    cmd = [qemu, *arch["machine"], "-accel", "tcg", "-m", str(args.memory), "-smp", "2", "-nodefaults",
           "-display", "none", "-monitor", f"unix:{monitor},server=on,wait=off" if monitor else "none",
           "-serial", "stdio", "-no-reboot",
           "-kernel", str(args.kernel), "-initrd", str(args.initrd),
           # A USB controller, for a stick the host plugs in through the monitor.
           "-device", "qemu-xhci,id=xhci"]
    if console2:
        # The guest's second serial port (ttyS1): playhead's console, typed at by a host driver.
        # The virt machine has one UART: there it is a virtio console (hvc0).
        cmd += ["-chardev", f"socket,id=ser1,path={console2},server=on,wait=off"]
        if args.arch == "arm64":
            cmd += ["-device", "virtio-serial-pci", "-device", "virtconsole,chardev=ser1"]
        else:
            cmd += ["-serial", "chardev:ser1"]
    if share:
        append += " playhead.share"
        cmd += ["-virtfs", f"local,path={share},mount_tag=host,security_model=none,id=host0"]
    if args.mode == "bench":
        # The host's root, read-only: mpv and GStreamer run chrooted into it beside playhead.
        cmd += ["-virtfs", "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap,id=hostroot"]
    if args.wav:
        # QEMU's HDA card records what the guest plays into a WAV file on the host.
        cmd += ["-audiodev", f"wav,id=snd0,path={args.wav},out.frequency=48000,out.channels=2,out.format=s16",
                "-device", "intel-hda", "-device", "hda-output,audiodev=snd0,mixer=off"]
    return cmd + ["-append", append]


class Console:
    """The guest's serial console: every line goes to the log, the tail is kept for errors."""

    def __init__(self, log_path, echo):
        self.log = open(log_path, "w", encoding="utf-8", errors="replace")
        self.echo = echo
        self.tail = []
        self.wedged = False

    def line(self, text):
        self.log.write(text + "\n")
        self.log.flush()
        self.tail = (self.tail + [text])[-40:]
        if self.echo(text):
            print(text, flush=True)

    def show_tail(self, count=25):
        print("board: the console's last lines:", file=sys.stderr)
        for text in self.tail[-count:]:
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
    """`HOST-DRIVE NAME` from the guest: drivers/NAME.py plays the person at the board
    (the serial console, QEMU's monitor for a USB stick) while the scenario runs. It reports
    through the share, which the scenario waits on."""
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


def run_guest(cmd, console, timeout, done_marker, progress=None, monitor=None, sockets=None, share=None):
    """Runs QEMU until it exits; returns (exit status, finished in time). `progress(line)` may
    return how many seconds the guest has until its next sign of life: a wedged guest (a kernel
    wait that `timeout` in the guest cannot break) is then stopped early, not after `timeout`."""
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    drivers = []
    deadline = time.monotonic() + timeout
    buffer = b""
    done_at = None
    stall_at = None
    while True:
        left = deadline - time.monotonic()
        if done_at is not None:
            left = min(left, done_at + 20 - time.monotonic())
        if stall_at is not None and stall_at - time.monotonic() <= 0:
            console.line("board: no progress from the guest within the scenario's time limit and a minute more; stopping it")
            console.wedged = True
            dump = monitor_dump(monitor)
            for text in dump:
                console.log.write(text + "\n")
            console.log.flush()
            # The gist on the terminal: where each vCPU is and whether it takes interrupts.
            for text in dump:
                if re.search(r"RIP=|PC=|^monitor\| [* ]*CPU #|^monitor\| 0x", text):
                    print("  " + text, file=sys.stderr)
            proc.kill()
            proc.wait()
            reap(drivers)
            return None, False
        if stall_at is not None:
            left = min(left, stall_at - time.monotonic() + 0.01)
        if left <= 0:
            proc.kill()
            proc.wait()
            reap(drivers)
            return None, done_at is not None
        ready, _, _ = select.select([proc.stdout], [], [], min(left, 1.0))
        if not ready:
            if proc.poll() is not None:
                break
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        buffer += chunk
        while b"\n" in buffer:
            raw, buffer = buffer.split(b"\n", 1)
            text = raw.decode("utf-8", "replace").rstrip("\r")
            console.line(text)
            if sockets and share and text.startswith("HOST-DRIVE "):
                start_driver(text, sockets, share, drivers)
            if done_marker and text.startswith(done_marker):
                done_at = time.monotonic()
            if progress is not None:
                allowed = progress(text)
                if allowed is not None:
                    stall_at = time.monotonic() + allowed
    if buffer:
        console.line(buffer.decode("utf-8", "replace"))
    status = proc.wait()
    reap(drivers)
    return status, True


def host_checks(passed, out):
    failures = []
    for name in passed:
        check = BOARD / "checks" / f"{name}.py"
        if not check.exists():
            continue
        result = subprocess.run([sys.executable, str(check), str(out)], capture_output=True, text=True)
        for text in (result.stdout + result.stderr).strip().splitlines():
            print(f"  {name}| {text}")
        if result.returncode != 0:
            failures.append(f"{name} (host check)")
    return failures


def listed(path, key, default):
    """A scenario's `# KEY: a b` line as a list; `default` without one."""
    for line in path.read_text().splitlines():
        if line.startswith(f"# {key}:"):
            return line.split(":", 1)[1].split()
    return default


def runs_on(path, args):
    """Whether a scenario runs on this board: its `# arches: x86_64 arm64` line (x86_64 alone
    without one) and, on x86_64, its `# kernels: 6 7` line (6 without one): the kernel profiles
    are the x86_64 board's. The guest's init reads the same lines (board.sh)."""
    if args.arch not in listed(path, "arches", ["x86_64"]):
        return False
    return args.arch != "x86_64" or args.profile in listed(path, "kernels", ["6"])


def scenario_watch(names):
    """Seconds each scenario may take before the host gives up on the guest: its own time
    limit (which the guest enforces) plus a minute."""
    limits = []
    for name in names:
        text = (SCENARIOS / f"{name}.sh").read_text()
        found = [int(l.split(":")[1]) for l in text.splitlines() if l.startswith("# time-limit:")]
        limits.append((found[0] if found else 60) + 60)
    state = {"next": 0}

    def progress(text):
        if text.startswith("board: scenarios start") or text.startswith("BOARD-RESULT "):
            if text.startswith("BOARD-RESULT "):
                state["next"] += 1
            if state["next"] < len(limits):
                return limits[state["next"]]
            return 120
        return None
    return progress


def test(args):
    share = pathlib.Path(args.share).resolve()
    shutil.rmtree(share, ignore_errors=True)
    (share / "out").mkdir(parents=True)
    for old in pathlib.Path(args.log).parent.glob(pathlib.Path(args.log).name + ".boot*"):
        old.unlink()
    expected = sorted(p.stem for p in SCENARIOS.glob("*.sh")
                      if (not args.only or p.stem.startswith(args.only)) and runs_on(p, args))
    if not expected:
        # A run of nothing would pass: ONLY is one prefix (ONLY=12), not a list.
        sys.exit(f"board-test: no scenario on this board starts with '{args.only}'; ONLY takes one prefix, such as ONLY=12")
    echo = lambda t: t.startswith(("BOARD-RESULT", "board:")) or "| " in t
    started = time.monotonic()
    results, wedged, logs = {}, [], [str(args.log)]
    early_retried = False
    wedge_retried = []
    remaining = expected
    monitor = os.path.join(tempfile.mkdtemp(prefix="playhead-board-"), "monitor.sock")
    sockets = {"monitor": monitor, "console2": os.path.join(os.path.dirname(monitor), "ttyS1.sock")}
    while True:
        console = Console(logs[-1], echo)
        status, in_time = run_guest(qemu_command(args, share, monitor, sockets["console2"]), console, args.timeout,
                                    "BOARD-DONE", progress=scenario_watch(remaining), monitor=monitor,
                                    sockets=sockets, share=share)
        results.update(parse_results(logs[-1]))
        if early_panic(logs[-1]) and not early_retried:
            # Seen once in a few boots of the 7.2 kernel under TCG with two vCPUs: an int3 oops
            # while the kernel patches its own code, before init. The machine failed to boot,
            # not a scenario: boot once more, saying so (a second such failure fails the run).
            early_retried = True
            print(f"board: the kernel panicked while booting, before any scenario (see {logs[-1]}); booting again",
                  file=sys.stderr)
            logs.append(f"{args.log}.boot{len(logs) + 1}")
            continue
        if not console.wedged:
            break
        # A wedged guest: no kernel message, the guest's own `timeout` never fired, both vCPUs
        # spinning in the kernel (the monitor's dump). The 6.1 guest did so twice in many runs,
        # each time in a vkms capture path (CRCs once, writeback once), and that scenario passed
        # five times in a row alone afterwards. So the scenario that wedged runs once more on a
        # fresh boot, said on the terminal and in the summary; a second wedge in the run fails
        # it, since playhead may be what provokes it.
        stuck = next((n for n in remaining if n not in results), None)
        retry = stuck is not None and not wedge_retried
        if retry:
            wedge_retried.append(stuck)
            print(f"board: the guest wedged during {stuck}; booting again to run {stuck} once more "
                  f"(a second wedge fails the run)", file=sys.stderr)
        else:
            wedged.append(stuck or "after the last scenario")
            print(f"board: the guest wedged during {stuck or 'the end of the run, after the last scenario'}; that fails the run",
                  file=sys.stderr)
        console.show_tail(10)
        if stuck:
            log = share / "out" / f"{stuck}.log"
            if log.exists():
                print(f"board: {stuck}'s log so far:", file=sys.stderr)
                for text in log.read_text(errors="replace").splitlines()[-15:]:
                    print(f"  {stuck}| {text}", file=sys.stderr)
        rest = remaining[remaining.index(stuck) + (0 if retry else 1):] if stuck else []
        if not rest:
            break
        print(f"board: booting the guest again from {rest[0]} for the remaining scenarios", file=sys.stderr)
        args.resume_from = rest[0]
        remaining = rest
        logs.append(f"{args.log}.boot{len(logs) + 1}")
    shutil.rmtree(os.path.dirname(monitor), ignore_errors=True)
    took = time.monotonic() - started
    failures = [f"{n} wedged the guest" if n in expected else f"the guest wedged {n}" for n in wedged]
    failures += [n for n, r in results.items() if r != "pass"]
    failures += [f"{n} (no result)" for n in expected if n not in results and n not in wedged]
    if not in_time and not console.wedged:
        failures.append(f"the guest did not finish within {args.timeout} s")
    elif status not in (0, None):
        failures.append(f"qemu exited with status {status}")
    failures += host_checks([n for n, r in results.items() if r == "pass"], share / "out")
    if any("Initramfs unpacking failed" in t for log in logs for t in console_lines(log)):
        failures.append("Initramfs unpacking failed (the initramfs is too big for the guest's memory)")
    if failures:
        print(f"board-test: FAILED after {took:.0f} s: {'; '.join(failures)}; console log: {', '.join(logs)}", file=sys.stderr)
        console.show_tail()
        return 1
    again = f"; {wedge_retried[0]} wedged the guest once and passed on a fresh boot" if wedge_retried else ""
    board = f"the {args.profile}.x kernel" if args.arch == "x86_64" else f"the {args.arch} board"
    print(f"board-test: {len(results)} scenarios passed on {board} in {took:.0f} s{again} (results in {share / 'out'})")
    return 0


def early_panic(log):
    """Whether the kernel panicked before the guest's init started the scenarios."""
    lines = console_lines(log)
    return not any(t.startswith("board: scenarios start") for t in lines) and any("Kernel panic" in t for t in lines)


def parse_results(log):
    results = {}
    for text in console_lines(log):
        if text.startswith("BOARD-RESULT "):
            parts = text.split()
            results[parts[1]] = parts[2]
    return results


def console_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return [line.rstrip("\n") for line in f]


def run(args):
    share = pathlib.Path(args.share).resolve() if args.share else None
    if share:
        (share / "out").mkdir(parents=True, exist_ok=True)
    if sys.stdin.isatty() and sys.stdout.isatty():
        # A person at the terminal: it becomes the board's serial console, playhead's console on
        # it, and the demo loops until they leave (Ctrl-C ends QEMU).
        args.interactive = True
        print("board: the demo loops on the emulated board; type help or status at the playhead> prompt;"
              " Ctrl-C powers the board off", file=sys.stderr)
        return 0 if subprocess.call(qemu_command(args, share), stdin=None) in (0, -2, 130) else 1
    console = Console(args.log, lambda t: True)
    status, in_time = run_guest(qemu_command(args, share), console, args.timeout, None)
    if not in_time:
        print(f"board: the guest did not finish within {args.timeout} s", file=sys.stderr)
        console.show_tail()
        return 1
    return 0 if status == 0 else 1


def number(text, name):
    value = None
    for part in text.split():
        if part.startswith(name + "="):
            value = part[len(name) + 1:]
    if value is None:
        return None
    digits = "".join(c for c in value if c.isdigit() or c == ".")
    return float(digits) if digits else None


def bench(args):
    """The display benchmark on the board: playhead on vkms against ffmpeg's decode speed."""
    if args.only == "peers" and args.arch != "x86_64":
        sys.exit("board bench: the peers run from the host's x86_64 root; run 'make bench ONLY=peers' without ARCH")
    share = pathlib.Path(args.share).resolve()
    (share / "media").mkdir(parents=True, exist_ok=True)
    for clip in ("bench_360p30.mp4", "bench_720p30.mp4", "bench_av_240p30.mp4", "loop_1s.mp4", "black_480p.mp4"):
        shutil.copy(pathlib.Path(args.media) / clip, share / "media" / clip)
    # GStreamer's plugin registry, made here: a scan under emulation takes 15 s per start.
    if shutil.which("gst-inspect-1.0"):
        subprocess.run(["gst-inspect-1.0"], env={**os.environ, "GST_REGISTRY": str(share / "gst-registry.bin")},
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    console = Console(args.log, lambda t: t.startswith(("BENCH", "board:")))
    _, in_time = run_guest(qemu_command(args, share), console, args.timeout, "BOARD-DONE")
    if args.only == "peers":
        for line in peers.report(share, [t for t in console_lines(args.log) if t.startswith("BENCH-PEER")]):
            print(line)
        return 0 if in_time else 1
    decode = decode_report([t for t in console_lines(args.log) if t.startswith("BENCH-DECODE ")])
    for line in decode:
        print(line)
    lines = [t for t in console_lines(args.log) if t.startswith("BENCH ")]
    if not in_time or len(lines) != 2 or len(decode) != 3:
        print("board bench: the guest did not report both clips", file=sys.stderr)
        console.show_tail()
        return 1
    print("board display benchmark (vkms under TCG; 10 s clips, 300 frames each):")
    for line in lines:
        clip = line.split()[1]
        frames = 300
        rtime = number(line, "ffmpeg-rtime") or 0
        decode_speed = 10.0 / rtime if rtime else 0
        forced = max(0, round(frames * (1 - min(1.0, decode_speed))))
        presented, dropped, late = number(line, "presented"), number(line, "dropped"), number(line, "late")
        print(f"  {clip} mode={line.split()[2].split('=')[1]}: ffmpeg decode alone {decode_speed:.2f}x real time"
              f" (forces {forced} drops); playhead presented {presented:.0f}, dropped {frames - presented:.0f}"
              f" (sink {dropped:.0f}), late {late:.0f}, last frame {number(line, 'last'):.0f} ms after its time,"
              f" first frame {number(line, 'first-frame'):.0f} ms, CPU {number(line, 'cpu-per-presented-frame'):.0f} us"
              f" per presented frame, peak RSS {number(line, 'peak-rss'):.0f} MB")
    av = [t for t in console_lines(args.log) if t.startswith("BENCH-AV ")]
    if not av:
        print("board bench: no A/V result (see the console log)", file=sys.stderr)
        return 1
    line = av[0]
    found = re.search(r"flip-delay mean=(-?\d+)ms worst=(-?\d+)ms last=(-?\d+)ms", line)
    mean, worst, last = (int(g) for g in found.groups()) if found else (None, None, None)
    print("board A/V benchmark (5 min, 320x240 on vkms with sound through ALSA to the loopback card):")
    print(f"  picture against the audio clock (vblank minus due time): mean {mean} ms,"
          f" worst {worst} ms, last {last} ms;"
          f" presented {number(line, 'presented'):.0f}, dropped {number(line, 'dropped'):.0f}")
    print(f"  sound: underruns {number(line, 'underruns'):.0f}, suspends {number(line, 'suspends'):.0f},"
          f" audio thread CPU {number(line, 'audio-thread-cpu'):.0f} ms per second of sound")
    buttons = [t for t in console_lines(args.log) if t.startswith("BENCH-GPIO")]
    if not buttons:
        print("board bench: no button latency (see the console log)", file=sys.stderr)
        return 1
    found = dict(re.findall(r'debounce-(\d+)="([^"]*)"', buttons[0]))
    print("board button benchmark (20 presses of a gpio-sim line mapped to toggle; the kernel's edge timestamp"
          " to the command carried out):")
    for debounce, text in sorted(found.items(), key=lambda kv: -int(kv[0])):
        print(f"  debounce {debounce} ms: {text}")
    skipped = [t for t in console_lines(args.log) if t.startswith("BENCH-PEER-SKIPPED")]
    if skipped:
        print("board peers: " + skipped[0].split(" ", 1)[1])
        return 0
    for line in peers.report(share, [t for t in console_lines(args.log) if t.startswith("BENCH-PEER")]):
        print(line)
    return 0


def decode_report(lines):
    """The guest's decode comparison: per clip the best of three wall times and the largest peak
    memory of each, as frames per second and as ratios of playhead to ffmpeg. Empty unless both
    clips have three whole runs."""
    report = ["board decode benchmark (in the guest, no display or sound device; best of 3, taken in turn):"]
    for line in lines:
        clip = line.split()[1]
        runs = re.findall(r"ffmpeg-cs=(\d+) ffmpeg-rss-kb=(\d+) playhead-cs=(\d+) playhead-rss-mb=(\d+)"
                          r" playhead-frames=(\d+)", line)
        if len(runs) != 3:
            print(f"board bench: {clip}: {len(runs)} of 3 decode runs (see the console log)", file=sys.stderr)
            return []
        ff = min(int(r[0]) for r in runs) / 100
        ph = min(int(r[2]) for r in runs) / 100
        ff_mb = max(int(r[1]) for r in runs) / 1024
        ph_mb = max(int(r[3]) for r in runs)
        frames = int(runs[0][4])
        if not ff or not ph or not frames:
            print(f"board bench: {clip}: an empty decode run (see the console log)", file=sys.stderr)
            return []
        report.append(f"  {clip}: ffmpeg {frames / ff:.1f} fps, peak {ff_mb:.0f} MB; playhead {frames / ph:.1f} fps,"
                      f" peak {ph_mb} MB ({frames} frames); decode speed ratio (playhead/ffmpeg) {ff / ph:.2f},"
                      f" peak memory ratio {ph_mb / ff_mb:.2f}")
    return report if len(report) == 3 else []


FIRST_FRAME = re.compile(r"first frame on screen at ([0-9.]+) s since boot")


def appliance(args):
    """Boots the board as a flashed one (BusyBox init, the supervisor, playhead as its user)
    and, at a terminal, hands the serial console over. Otherwise it watches the console for
    playhead's first frame (its time since boot is on the monotonic clock, which the kernel's
    own timestamps share), lets it play `--linger` seconds, and cuts the power."""
    share = pathlib.Path(args.share).resolve() if args.share else None
    if share:
        (share / "out").mkdir(parents=True, exist_ok=True)
    if sys.stdin.isatty() and sys.stdout.isatty():
        args.interactive = True
        print("board: the appliance boots and loops the demo; playhead's console is this terminal (help, status);"
              " Ctrl-C powers the board off", file=sys.stderr)
        return 0 if subprocess.call(qemu_command(args, share), stdin=None) in (0, -2, 130) else 1
    console = Console(args.log, lambda t: True)
    proc = subprocess.Popen(qemu_command(args, share), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    deadline = time.monotonic() + args.timeout
    first = None
    buffer = b""
    restarts = 0
    while time.monotonic() < deadline and proc.poll() is None:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if not ready:
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        buffer += chunk
        while b"\n" in buffer:
            raw, buffer = buffer.split(b"\n", 1)
            text = raw.decode("utf-8", "replace").rstrip("\r")
            console.line(text)
            found = FIRST_FRAME.search(text)
            if found and first is None:
                first = float(found.group(1))
                deadline = min(deadline, time.monotonic() + args.linger)
            if "playhead-supervise:" in text:
                restarts += 1
    proc.kill()
    proc.wait()
    if first is None:
        print("board: the appliance showed no first frame within "
              f"{args.timeout} s (see {args.log})", file=sys.stderr)
        console.show_tail()
        return 1
    if restarts:
        print(f"board: the supervisor had to restart playhead {restarts} times (see {args.log})", file=sys.stderr)
        console.show_tail()
        return 1
    print(f"board: appliance boot to first frame: {first:.2f} s (kernel start to the first page flip);"
          f" played {args.linger} s more, then the power was cut")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=["test", "run", "shell", "bench", "appliance"], required=True)
    parser.add_argument("--only", help="test: run only the scenarios whose names start with this (e.g. 11)")
    parser.add_argument("--media", help="bench: the folder with the benchmark clips")
    parser.add_argument("--kernel", required=True, type=pathlib.Path)
    parser.add_argument("--initrd", required=True, type=pathlib.Path)
    parser.add_argument("--profile", default="6", choices=["6", "7"],
                        help="x86_64: the kernel profile booted: test runs the scenarios whose `# kernels:` line names it")
    parser.add_argument("--arch", default="x86_64", choices=sorted(ARCHES),
                        help="the board: test runs the scenarios whose `# arches:` line names it (x86_64 without one)")
    parser.add_argument("--share", help="host folder shared with the guest over 9p")
    parser.add_argument("--wav", help="record the guest's HDA card into this WAV file")
    parser.add_argument("--log", default="console.log")
    parser.add_argument("--timeout", type=int, default=600, help="seconds before the guest is killed")
    parser.add_argument("--memory", type=int, default=1024, help="guest memory in MiB")
    parser.add_argument("--linger", type=int, default=10, help="appliance: seconds to play after the first frame")
    args = parser.parse_args()
    for path in (args.kernel, args.initrd):
        if not path.exists():
            sys.exit(f"board: {path} is missing; run 'make board' first")
    if args.mode == "shell":
        share = pathlib.Path(args.share).resolve() if args.share else None
        os.execv(qemu_binary(args), qemu_command(args, share))
    sys.exit({"test": test, "run": run, "bench": bench, "appliance": appliance}[args.mode](args))


main()
