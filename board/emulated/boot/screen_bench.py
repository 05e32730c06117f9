"""The screen benchmark's report (bench-screen.sh's bench_screen): `display on` to the first
picture on the CRTC beside a cold start of playhead to its first frame, and a scheduled change
to the new playlist's first frame beside `next` to the next item's; medians of five runs, the
worst, and the ratio to the reference."""
import re
import statistics


def seconds(fields, later, earlier):
    try:
        return float(fields[later]) - float(fields[earlier])
    except (KeyError, ValueError):
        return None


def row(label, measured, reference, reference_label, target):
    if not measured or not reference:
        return f"  {label}: no result in some runs (see the console log)"
    m, r = statistics.median(measured), statistics.median(reference)
    return (f"  {label}: median {m * 1000:.0f} ms, worst {max(measured) * 1000:.0f} ms over {len(measured)} runs;"
            f" {reference_label} {r * 1000:.0f} ms (ratio {m / r:.2f}); the issue's target {target * 1000:.0f} ms"
            f" ({'met' if max(measured) <= target else 'missed'} by the worst)")


def report(lines):
    runs = [dict(re.findall(r"(\S+)=(\S*)", line)) for line in lines]
    if not runs:
        return ["board screen benchmark: no result (see the console log)"]
    on = [seconds(f, "shown", "on") for f in runs if f.get("measure") == "display-on"]
    cold = [seconds(f, "first-frame", "start") for f in runs if f.get("measure") == "display-on"]
    change = [seconds(f, "shown", "due") for f in runs if f.get("measure") == "schedule"]
    nxt = [seconds(f, "next-shown", "next") for f in runs if f.get("measure") == "schedule"]
    return ["board screen benchmark (vkms 640x480 under TCG, 640x360 clips; the kernel's own state and playhead's"
            " readyForDisplay, which comes with the flip):",
            row("display on to the first picture", [x for x in on if x is not None], [x for x in cold if x is not None],
                "a cold start of playhead to its first frame", 1.0),
            row("a scheduled change to the new playlist's first frame", [x for x in change if x is not None],
                [x for x in nxt if x is not None], "`next` to the next item's first frame", 1.0)]
