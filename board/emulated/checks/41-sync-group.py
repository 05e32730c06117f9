#!/usr/bin/env python3
"""Scenario 41's screens compared refresh by refresh: each card's per-frame CRCs say what every
refresh showed, and each player's flip trace ties the card's vblank count to the guest's
monotonic clock (the page-flip events' own times). A picture that appears on a follower's card
is looked for on the leader's card within half a second: the two appearances' times are the
follower's offset for that picture. Wanted: every offset within one refresh (the cards' vblank
timers run at their own phases, so a follower in step is up to one refresh off), after the
join and across item changes, a follower's restart and the leader's going."""
import statistics
import sys

out = sys.argv[1]


def flips(name):
    rows = []
    for line in open(f"{out}/flips-{name}.txt"):
        if not line.startswith("flip "):
            continue
        f = dict(kv.split("=", 1) for kv in line.split()[1:])
        rows.append((int(f["seq"]), float(f["vblank"]), float(f["pts"])))
    return rows


def changes(name):
    """The pictures that appeared on `name`'s card while it played: (time, crc)."""
    fl = flips(name)
    seqs = [s for s, _, _ in fl]
    steps = [(b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(fl, fl[1:]) if b[0] > a[0]]
    period = statistics.median(steps)
    found, last = [], None
    for line in open(f"{out}/crc-{name}.txt"):
        parts = line.split()
        if len(parts) < 2 or not parts[0].isdigit():
            continue
        frame, crc = int(parts[0]), " ".join(parts[1:])
        if not seqs[0] <= frame <= seqs[-1]:
            continue
        # The nearest flip's vblank, and whole refreshes from there.
        k = min(range(len(fl)), key=lambda i: abs(fl[i][0] - frame))
        t = fl[k][1] + (frame - fl[k][0]) * period
        if crc != last:
            found.append((t, crc))
        last = crc
    return found, period


def offsets(ref, follower, since, until):
    by_crc = {}
    for t, c in ref:
        by_crc.setdefault(c, []).append(t)
    got, unmatched = [], 0
    for t, c in follower:
        if not since <= t < until:
            continue
        near = [r for r in by_crc.get(c, []) if abs(r - t) < 0.5]
        if near:
            got.append((t, t - min(near, key=lambda r: abs(r - t))))
        else:
            unmatched += 1
    return got, unmatched


times = {}
new_leader = None
for line in open(f"{out}/times.txt"):
    w = line.split()
    if w[0] in ("started", "stopped"):
        times[(w[0], w[1])] = float(w[3])
    elif w[0] == "new":
        new_leader = w[2]
pictures = {n: changes(n) for n in ("a", "b", "c", "c2")}
period = max(p for _, p in pictures.values())
a_gone = times[("stopped", "a")]
windows = [("b", "a", times[("started", "b")] + 6, a_gone), ("c", "a", times[("started", "c")] + 6, times[("stopped", "c")]),
           ("c2", "a", times[("started", "c2")] + 6, a_gone)]
other = "c2" if new_leader == "b" else "b"
windows.append((other, new_leader, a_gone + 3, min(times[("stopped", "b")], times[("stopped", "c2")])))
ok = True
for follower, ref, since, until in windows:
    got, unmatched = offsets(pictures[ref][0], pictures[follower][0], since, until)
    if not got:
        print(f"{follower} against {ref}: no pictures matched")
        ok = False
        continue
    worst = max(abs(o) for _, o in got)
    mean = sum(o for _, o in got) / len(got)
    within = sum(1 for _, o in got if abs(o) <= period + 0.001) / len(got)
    print(f"{follower} against {ref} over {until - since:.0f} s: {len(got)} pictures, worst {worst * 1000:.1f} ms, "
          f"mean {mean * 1000:+.1f} ms, {within * 100:.1f}% within one refresh ({period * 1000:.1f} ms); "
          f"{unmatched} not seen on the leader's screen")
    ok = ok and worst <= period + 0.001 and unmatched <= len(got) // 50
# The restarted follower: from its start to the first picture after which all are in step.
got, _ = offsets(pictures["a"][0], pictures["c2"][0], times[("started", "c2")], a_gone)
bad = [t for t, o in got if abs(o) > period + 0.001]
settled = [t for t, _ in got if not bad or t > bad[-1]]
if settled:
    print(f"c, restarted, in step {settled[0] - times[('started', 'c2')]:.2f} s after its start")
else:
    print("c, restarted, never in step")
    ok = False
sys.exit(0 if ok else 1)
