#!/usr/bin/env python3
"""The joins between items, measured from the captures (see scenarios/22-gapless.sh).

Sound: the recording is one 1 kHz tone at 48 kHz when nothing is lost or inserted; every gap
between zero crossings is then 48 samples. A gap of another length is a join that lost samples
(shorter) or inserted some (longer, silence included). Whole periods lost or repeated keep the
phase: the tone's length tells those, against one item alone: the queue of three must be longer
by exactly 4 s. Both runs end with half a second of silence: without it some recordings (scenario
07's too) ran one to three 4 ms ticks long, always a whole number of them: snd-aloop moves on a
jiffies timer (HZ=250 in Debian's kernel), so the capture can read past the playback's last
sample, out of a ring buffer that held the tone's older samples in phase (the ring is a whole
number of periods). With silence last, the ring holds silence.

Pictures: playhead's flip trace has each flip's media time and the vblank at which the kernel
reported it done; a join is where the media time starts again. At 30 fps on 60 Hz each picture
should stay two vblanks (33 ms). The pictures away from the joins are reported beside them for
comparison: under emulation some pictures anywhere come late. The check fails on any sound lost
or inserted, or a picture at a join that stayed longer than three frames (100 ms: a visible
freeze) and longer than any picture away from the joins in the same run."""
import sys

from wavtone import loud_span

out = sys.argv[1]
PERIOD = 48  # samples of a 1 kHz tone at 48 kHz


def sound(name):
    """Returns (whether the tone is unbroken, its length in samples)."""
    rate, span = loud_span(f"{out}/{name}.wav")
    crossings = [i for i, (a, b) in enumerate(zip(span, span[1:])) if a < 0 <= b]
    odd = [(crossings[i], b - a) for i, (a, b) in enumerate(zip(crossings, crossings[1:])) if abs((b - a) - PERIOD) > 2]
    detail = ", ".join(f"at {at / rate:.3f} s a period of {gap} samples" for at, gap in odd[:6])
    print(f"{name}: the tone lasts {len(span) / rate:.4f} s, {len(odd)} broken periods{': ' + detail if odd else ''}")
    return not odd, len(span)


def pictures(name, passes):
    flips = []
    for line in open(f"{out}/{name}.flips").read().split("\n"):
        if line.startswith("flip "):
            f = dict(kv.split("=", 1) for kv in line.split()[1:])
            flips.append((float(f["pts"]), float(f["vblank"]), float(f.get("drew", "nan")) * 1000))
    # How long each picture stayed up: until the next flip's vblank (the last one: unknown).
    lasted = [(b[1] - a[1]) * 1000 for a, b in zip(flips, flips[1:])]
    joins = [i for i in range(1, len(flips)) if flips[i][0] < flips[i - 1][0]]
    if len(joins) < passes - 1:
        print(f"{name}: {len(joins)} joins in the flip trace, want {passes - 1}")
        return False
    near = {k for i in joins for k in (i - 1, i)}
    rest = sorted(round(v) for k, v in enumerate(lasted) if k not in near)
    if rest:
        print(f"{name}: away from the joins {len(rest)} pictures lasted {rest[len(rest) // 2]} ms (median), "
              f"{rest[len(rest) * 9 // 10]} ms or less for 90 of 100, {rest[-1]} ms at most")
    # Under emulation the display draws each picture in software (25 ms typical, 50-65 ms when
    # the board is busy), and opening the next pass at a loop's join keeps it busy (measured
    # with a trace that had drawing times). In full runs the first picture after a
    # loop join lasted 67-133 ms where pictures elsewhere lasted at most 100-150 ms (queue
    # joins: 33-50 ms). A picture at a join may last two frames (four vblanks) longer than the
    # longest elsewhere, or than 100 ms; closing and reopening the item, as before the gapless
    # joins, froze the picture for about 300 ms.
    # (A trace without drawing times, as playhead writes now, leaves this line out.)
    drew_near = [flips[k][2] for i in joins for k in range(max(0, i - 2), min(len(flips), i + 3)) if flips[k][2] == flips[k][2]]
    drew_rest = [f[2] for k, f in enumerate(flips) if all(abs(k - i) > 2 for i in joins) and f[2] == f[2]]
    if drew_near and drew_rest:
        print(f"{name}: drawing took {sum(drew_near) / len(drew_near):.0f} ms (mean), {max(drew_near):.0f} ms at most "
              f"within two pictures of a join; {sum(drew_rest) / len(drew_rest):.0f} ms, {max(drew_rest):.0f} ms elsewhere")
    limit = max(100, rest[-1] if rest else 0) + 67
    ok = True
    for i in joins:
        before = lasted[i - 1]
        after = lasted[i] if i < len(lasted) else None
        after_text = f"{after:.0f} ms" if after is not None else "unknown (the last)"
        # Where the join's pictures fall among the others: a join that costs nothing of its own
        # is as long as a picture anywhere else on this board.
        longer = [sum(v > round(x) for v in rest) * 100 // len(rest) for x in (before, after) if x is not None and rest]
        rank = f"; pictures away from the joins longer: {' and '.join(f'{n}%' for n in longer)}" if longer else ""
        print(f"{name}: join at {flips[i][1]:.3f} s: last picture {before:.0f} ms, first picture {after_text}"
              f" (want 33 ms each, at most {limit:.0f} ms){rank}")
        ok = ok and before <= limit and (after is None or after <= limit)
    return ok


ok, single = sound("gapless-single")
whole, queue = sound("gapless-queue")
# The loud span's ends fall within a quarter period of the tone's: a few samples either way.
extra = queue - single - 4 * 48000
print(f"gapless-queue: {extra:+d} samples against one item plus 4 s (want 0; the ends can move it by a few)")
ok = ok and whole and abs(extra) <= PERIOD // 4
ok = pictures("gapless-queue", 3) and ok
whole, _ = sound("gapless-loop")
ok = whole and pictures("gapless-loop", 3) and ok
sys.exit(0 if ok else 1)
