"""`boot.py --mode test`: the board's scenarios in one boot (more when the guest wedges or the
kernel dies while booting), their results collected through the 9p share, the host-side checks
run, and one line saying what failed. Python's standard library only."""
import os
import pathlib
import shutil
import sys
import tempfile
import time

from guest import run_guest, show_tail
from machine import long_loop_limit, qemu_command, share_folder
from qemu_console import log_lines
from scenarios import SCENARIOS, early_panic, host_checks, parse_results, runs_on, scenario_watch


def test(args):
    share = share_folder(args.share, fresh=True)
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
    wedge_retried, stall_retried = [], []
    remaining = expected
    monitor = os.path.join(tempfile.mkdtemp(prefix="playhead-board-"), "monitor.sock")
    sockets = {"monitor": monitor, "console2": os.path.join(os.path.dirname(monitor), "ttyS1.sock")}
    while True:
        # After a stalled writeback the boot's later captures fail too and are run again: the
        # guest is stopped at the stalled scenario's result, once per run (about 160 s of
        # scenarios that would be thrown away on the arm64 board).
        enough = None if stall_retried else lambda text: stalled_result(text, share / "out")
        boot = run_guest(qemu_command(args, share, monitor, sockets["console2"]), logs[-1], echo, args.timeout,
                         "BOARD-DONE", progress=scenario_watch(remaining, long_loop_limit(args.long_loop) if args.long_loop else None), monitor=monitor,
                         sockets=sockets, share=share, enough=enough)
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
        if not boot.wedged:
            stalled = writeback_stalled(results, remaining, share / "out")
            if stalled is None or stall_retried:
                break
            # vkms's writeback stalled in the guest's kernel: a capture never completed, and no
            # later process in that boot got one either (the emulated arm64 board, twice in
            # fresh runs, 06-drm-capture then 17-console; each passed alone). Like a wedge, once
            # per run on a fresh boot from that scenario on, said in the summary; a second stall
            # fails the run, since playhead may be what provokes it.
            stall_retried.append(stalled)
            print(f"board: vkms's writeback stalled during {stalled}; booting again to run it and the scenarios after it "
                  f"once more (a second stall fails the run)", file=sys.stderr)
            show_scenario_log(share / "out" / f"{stalled}.log", stalled)
            remaining = remaining[remaining.index(stalled):]
            args.resume_from = remaining[0]
            logs.append(f"{args.log}.boot{len(logs) + 1}")
            continue
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
        show_tail(boot.tail, 10)
        if stuck:
            show_scenario_log(share / "out" / f"{stuck}.log", stuck)
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
    if not boot.in_time and not boot.wedged:
        failures.append(f"the guest did not finish within {args.timeout} s")
    elif boot.status not in (0, None):
        failures.append(f"qemu exited with status {boot.status}")
    failures += host_checks([n for n, r in results.items() if r == "pass"], share / "out")
    if any("Initramfs unpacking failed" in t for log in logs for t in log_lines(log)):
        failures.append("Initramfs unpacking failed (the initramfs is too big for the guest's memory)")
    if failures:
        # CI keeps only the output's last lines: the console's tail and each failed scenario's own
        # lines first, the line naming what failed last, where a clipped tail still shows it.
        show_tail(boot.tail)
        for name in (n for n, r in results.items() if r != "pass"):
            show_scenario_log(share / "out" / f"{name}.log", name)
        print(f"board-test: FAILED after {took:.0f} s: {'; '.join(failures)}; console log: {', '.join(logs)}", file=sys.stderr)
        return 1
    again = f"; {wedge_retried[0]} wedged the guest once and passed on a fresh boot" if wedge_retried else ""
    again += f"; vkms's writeback stalled once in {stall_retried[0]}, which passed on a fresh boot" if stall_retried else ""
    board = f"the {args.profile}.x kernel" if args.arch == "x86_64" else f"the {args.arch} board"
    print(f"board-test: {len(results)} scenarios passed on {board} in {took:.0f} s{again} (results in {share / 'out'})")
    return 0


def stalled_result(text, out):
    """Whether `text` is a scenario's failed result whose log says its writeback stalled."""
    parts = text.split()
    return len(parts) >= 3 and parts[0] == "BOARD-RESULT" and parts[2] == "fail" and says_stalled(out / f"{parts[1]}.log")


def says_stalled(log):
    """Whether a scenario's log says a writeback capture never completed (playhead's one line)."""
    if not log.exists():
        return False
    text = log.read_text(errors="replace")
    return "the writeback capture for" in text and "did not complete within" in text


def writeback_stalled(results, order, out):
    """The first scenario, in the run's order, that failed with a writeback capture that never
    completed; None if none did."""
    return next((name for name in order if results.get(name, "pass") != "pass" and says_stalled(out / f"{name}.log")), None)


def show_scenario_log(log, name, count=15):
    if log.exists():
        print(f"board: {name}'s last lines:", file=sys.stderr)
        for text in log.read_text(errors="replace").splitlines()[-count:]:
            print(f"  {name}| {text}", file=sys.stderr)
