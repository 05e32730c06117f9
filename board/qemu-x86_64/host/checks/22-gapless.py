#!/usr/bin/env python3
"""The joins between items, measured from the captures (see scenarios/22-gapless.sh).

Sound: the recording is one 1 kHz tone at 48 kHz when nothing is lost or inserted; every gap
between zero crossings is then 48 samples. A gap of another length is a join that lost samples
(shorter) or inserted some (longer, silence included); the tone's length tells how many in all.

Pictures: frame-log's CRC per vblank gives how long each picture stayed up. playhead's flip
trace tells where the joins are (its media time starts again) and at which vblank the first
picture of the next pass came; the pictures on either side of it are the join's. At 30 fps on
60 Hz each picture should stay two vblanks (33 ms). vkms computes CRCs in a worker that can
fall behind under emulation and then gives a missed vblank the newer picture's CRC, so a single
picture can read one vblank short or long: the pictures away from the joins are reported beside
them for comparison. The check fails on any sound lost or inserted, or a picture at a join that
stayed longer than three frames (100 ms: a visible freeze)."""
import sys

from wavtone import loud_span

out = sys.argv[1]
PERIOD = 48  # samples of a 1 kHz tone at 48 kHz


def sound(name, want_seconds):
    rate, span = loud_span(f"{out}/{name}.wav")
    crossings = [i for i, (a, b) in enumerate(zip(span, span[1:])) if a < 0 <= b]
    odd = [(crossings[i], b - a) for i, (a, b) in enumerate(zip(crossings, crossings[1:])) if abs((b - a) - PERIOD) > 2]
    seconds = len(span) / rate
    detail = ", ".join(f"at {at / rate:.3f} s a period of {gap} samples" for at, gap in odd[:6])
    want = f"want {want_seconds:.3f} s" if want_seconds else "cut by the stop"
    print(f"{name}: the tone lasts {seconds:.4f} s ({want}), {len(odd)} broken periods{': ' + detail if odd else ''}")
    ok = not odd
    if want_seconds is not None:
        missing = round(want_seconds * rate) - len(span)
        print(f"{name}: {missing:+d} samples missing in all (a period's edge can move the measure by a few)")
        ok = ok and abs(missing) <= PERIOD // 4
    return ok


def pictures(name, passes):
    flips, runs = [], []
    for line in open(f"{out}/{name}.flips").read().split("\n"):
        if line.startswith("flip "):
            f = dict(kv.split("=", 1) for kv in line.split()[1:])
            flips.append((float(f["pts"]), float(f["vblank"])))
    last_crc = None
    for line in open(f"{out}/{name}.frames").read().split("\n"):
        parts = line.split()
        if len(parts) != 2:
            continue
        t, crc = float(parts[0]), parts[1]
        if crc == last_crc:
            runs[-1][1] += 1
        else:
            runs.append([t, 1])
            last_crc = crc
    joins = [vb for (p0, _), (p1, vb) in zip(flips, flips[1:]) if p1 < p0]
    if len(joins) < passes - 1:
        print(f"{name}: {len(joins)} joins in the flip trace, want {passes - 1}")
        return False
    refresh = 1 / 60
    ok = True
    at_joins = set()
    for vb in joins:
        i = min(range(len(runs)), key=lambda k: abs(runs[k][0] - vb), default=None)
        if i is None or i == 0 or abs(runs[i][0] - vb) > refresh / 2:
            print(f"{name}: no picture change in frame-log at the join's vblank {vb:.3f}")
            ok = False
            continue
        before, after = runs[i - 1][1], runs[i][1]
        at_joins.update({i - 1, i})
        print(f"{name}: join at {vb:.3f} s: last picture {before * refresh * 1000:.0f} ms, "
              f"first picture {after * refresh * 1000:.0f} ms (want 33 ms each)")
        ok = ok and max(before, after) * refresh <= 0.1
    # The pictures away from the joins, the first and last of the run left out (start, stop).
    rest = [n for k, (_, n) in enumerate(runs[1:-1], 1) if k not in at_joins]
    if rest:
        counts = {n: rest.count(n) for n in sorted(set(rest))}
        print(f"{name}: elsewhere {len(rest)} pictures lasted (vblanks: pictures) {counts}")
    return ok


ok = sound("gapless-queue", 6.0)
ok = pictures("gapless-queue", 3) and ok
ok = sound("gapless-loop", None) and ok
ok = pictures("gapless-loop", 3) and ok
sys.exit(0 if ok else 1)
