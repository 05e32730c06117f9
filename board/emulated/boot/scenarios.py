"""The scenarios as the host sees them: which run on a board (their `# arches:` and `# kernels:`
lines), how long each may take, the results the guest printed, and the host-side checks that
follow a passed scenario. Python's standard library only."""
import pathlib
import subprocess
import sys
import time

from qemu_console import log_lines

BOARD = pathlib.Path(__file__).resolve().parent.parent  # board/emulated
SCENARIOS = BOARD / "overlay/usr/lib/playhead-board/scenarios"


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


# The guest's init prints `BOARD-ALIVE` every 5 s while scenarios run (board.sh). A guest whose
# kernel spins with interrupts off (both vCPUs, seen under TCG in about one run in two of the
# 6.1 board) prints nothing more: it is stopped after this long, not after the scenario's limit.
ALIVE_WITHIN = 40


def scenario_watch(names, limit=None, clock=time.monotonic):
    """Seconds the guest has until its next sign of life: the heartbeat's ALIVE_WITHIN, and no
    later than each scenario's own time limit (which the guest enforces), or `limit` when the
    boot sets one, plus a minute: a scenario stuck where the guest's `timeout` cannot stop it."""
    limits = []
    for name in names:
        text = (SCENARIOS / f"{name}.sh").read_text()
        found = [int(l.split(":")[1]) for l in text.splitlines() if l.startswith("# time-limit:")]
        limits.append((limit or (found[0] if found else 60)) + 60)
    state = {"next": 0, "until": None}

    def progress(text):
        now = clock()
        if text.startswith("board: scenarios start") or text.startswith("BOARD-RESULT "):
            if text.startswith("BOARD-RESULT "):
                state["next"] += 1
            state["until"] = now + (limits[state["next"]] if state["next"] < len(limits) else 120)
        elif text != "BOARD-ALIVE" or state["until"] is None:
            return None
        return max(0.0, min(ALIVE_WITHIN, state["until"] - now))
    return progress


def parse_results(log):
    """What the guest's init printed for each scenario (`BOARD-RESULT NAME pass|fail ...`)."""
    results = {}
    for text in log_lines(log):
        if text.startswith("BOARD-RESULT "):
            parts = text.split()
            results[parts[1]] = parts[2]
    return results


def early_panic(log):
    """Whether the kernel panicked before the guest's init started the scenarios."""
    lines = log_lines(log)
    return not any(t.startswith("board: scenarios start") for t in lines) and any("Kernel panic" in t for t in lines)


def host_checks(passed, out):
    """checks/NAME.py on the share's results of each passed scenario that has one; what they say
    goes to the terminal, and the names of those that failed are returned, each with the lines
    its check began with `FAIL: ` (the reasons, so that the run's last line says them)."""
    failures = []
    for name in passed:
        check = BOARD / "checks" / f"{name}.py"
        if not check.exists():
            continue
        result = subprocess.run([sys.executable, str(check), str(out)], capture_output=True, text=True)
        for text in (result.stdout + result.stderr).strip().splitlines():
            print(f"  {name}| {text}")
        if result.returncode != 0:
            why = [t[len("FAIL: "):] for t in result.stdout.splitlines() if t.startswith("FAIL: ")]
            why = why or result.stderr.strip().splitlines()[-1:]  # a check that crashed: its error
            failures.append(f"{name} (host check{': ' + '; '.join(why) if why else ''})")
    return failures
