"""Each guest's clocks as `make board-wall-drift` reads them (wall_drift_report.py's helpers).
Python's standard library only.

Under TCG both guests' clocks tick from the host's. Each guest writes its monotonic and real
clocks to its serial console once a second (drift/clock-pair); the host stamps each line as its
first byte arrives (wall_drift.py). A line's delay is never negative and its least delay is
common to both guests, so the lower envelope of those stamps, window by window, puts each
guest's monotonic clock on the host's: one clock for both guests' flips, whatever either of
them believes."""
import bisect
import statistics

# Each guest's clock fitted to the host's over windows this long (guest monotonic seconds):
# short enough that a frequency chrony is still settling stays near one line within it.
WINDOW = 10.0


def read_rows(path):
    return [line.split() for line in open(path)] if path.exists() else []


def host_fit(path, breaks=()):
    """Guest monotonic seconds to host seconds: for each WINDOW of `CLK` samples (host arrival,
    guest monotonic), the line under all of them that is highest at the window's middle (the
    lower convex hull's edge there). Returns (map, residuals): residuals are each sample's
    arrival after the line, the spread of the serial console's delay."""
    points = sorted((float(r[1]), float(r[0])) for r in read_rows(path) if len(r) >= 3)
    if len(points) < 10:
        return None, []
    # Windows start again at each break (a variant's end: chronyd, starting, slews the follower's
    # clock by up to hundreds of ms within seconds, and a window across that fits neither side).
    lines = []
    edges = sorted(b for b in breaks if points[0][0] < b < points[-1][0]) + [points[-1][0] + 1]
    start = points[0][0]
    for edge in edges:
        while start < edge:
            # A short tail joins the window before it: a few lines fit no slope.
            end = edge if edge - start < 1.5 * WINDOW else start + WINDOW
            chunk = [p for p in points if start <= p[0] < end]
            if len(chunk) >= 5:
                lines.append((start, end, envelope(chunk)))
            start = end
    if not lines:
        return None, []

    def line_for(mono):
        for lo, hi, ab in lines:
            if lo <= mono < hi:
                return ab
        return min(lines, key=lambda l: min(abs(mono - l[0]), abs(mono - l[1])))[2]

    def to_host(mono):
        a, b = line_for(mono)
        return a + b * mono
    to_host.inverse = lambda host: next(((host - a) / b for lo, hi, (a, b) in lines if lo <= (host - a) / b < hi),
                                        (host - lines[-1][2][0]) / lines[-1][2][1])
    return to_host, [y - to_host(x) for x, y in points]


def envelope(points):
    """The lower hull's edge over the points' mean x, as (a, b) of y = a + b x."""
    hull = []
    for p in points:
        while len(hull) >= 2 and cross(hull[-2], hull[-1], p) <= 0:
            hull.pop()
        hull.append(p)
    mid = statistics.fmean(x for x, _ in points)
    for p, q in zip(hull, hull[1:]):
        if p[0] <= mid <= q[0]:
            b = (q[1] - p[1]) / (q[0] - p[0])
            return p[1] - b * p[0], b
    return hull[0][1] - hull[0][0], 1.0


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def real_map(path):
    """Guest monotonic seconds to its CLOCK_REALTIME, from its clock pairs (nearest pair; the two
    clocks move apart only when the clock is stepped)."""
    pairs = sorted((float(r[0]), float(r[1]) - float(r[0])) for r in read_rows(path) if len(r) == 2)
    monos = [m for m, _ in pairs]

    def to_real(mono):
        i = min(max(bisect.bisect_left(monos, mono), 0), len(pairs) - 1)
        j = max(i - 1, 0)
        k = i if abs(monos[i] - mono) <= abs(monos[j] - mono) else j
        return mono + pairs[k][1]
    return to_real if pairs else None
