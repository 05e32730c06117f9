#!/usr/bin/env python3
"""The sound track switched while playing, measured from the captures (see
scenarios/42-language-switch.sh).

Sound: the recording is read in 10 ms windows, each called English (440 Hz: about 8.8 zero
crossings per window), French (880 Hz: 17.6) or neither (silence, or a window where one ends
and the other begins). The check fails unless it is English, then French, with no English after
the first French, the French lasting at least 4 s (the 8 s clip's last 6.5 s, less what the old
track had decoded ahead), and at most 100 ms of neither between them.

Pictures: playhead's flip trace has each flip's media time and the vblank at which it was done.
Every picture must come once, in order (a refill that handed the decoder pictures again, or a
seek, would show one twice); the picture on screen across the switch (about 1.5 s) must not stay
longer than three frames (120 ms at 25 fps) while no picture away from it did as long."""
import array
import sys
import wave

out = sys.argv[1]
WINDOW = 480  # samples at 48 kHz: 10 ms


def windows(path):
    w = wave.open(path, "rb")
    samples = array.array("h", w.readframes(w.getnframes()))[::w.getnchannels()]
    kinds = []
    for start in range(0, len(samples) - WINDOW, WINDOW):
        part = samples[start:start + WINDOW]
        if max(abs(s) for s in part) < 1000:
            kinds.append("-")
            continue
        # A window the sound ends or starts in is neither: its silent part halves the crossings
        # and made the French track's last window (6 of 10 ms sounding) read as English.
        if min(max(abs(s) for s in part[k:k + WINDOW // 10]) for k in range(0, WINDOW, WINDOW // 10)) < 1000:
            kinds.append("?")
            continue
        crossings = sum(1 for a, b in zip(part, part[1:]) if (a < 0) != (b < 0))
        kinds.append("E" if 7 <= crossings <= 10 else "F" if 16 <= crossings <= 19 else "?")
    return kinds


def sound():
    kinds = windows(f"{out}/language.wav")
    text = "".join(kinds).strip("-")
    if "E" not in text or "F" not in text:
        print(f"sound: want English then French, heard {text[:80]}...")
        return False
    last_english, first_french = text.rindex("E"), text.index("F")
    between = text[last_english + 1:first_french] if last_english < first_french else None
    french = text.count("F")
    print(f"sound: English {text.count('E') * 10} ms, then {len(between or '') * 10} ms of neither, "
          f"French {french * 10} ms; after the French began: {text[first_french:].count('E')} English windows")
    ok = between is not None and len(between) <= 10 and french >= 400
    if not ok:
        print(f"sound: around the switch: {text[max(0, last_english - 20):first_french + 20]}")
    return ok


def pictures():
    flips = []
    for line in open(f"{out}/language.flips").read().split("\n"):
        if line.startswith("flip "):
            f = dict(kv.split("=", 1) for kv in line.split()[1:])
            flips.append((float(f["pts"]), float(f["vblank"])))
    times = [p for p, _ in flips]
    # The trace covers both items: the clip's pictures are those before the second item's start.
    clip = flips[:next((i for i in range(1, len(flips)) if times[i] < times[i - 1]), len(flips))]
    pts = [p for p, _ in clip]
    again = [p for a, p in zip(pts, pts[1:]) if p <= a]
    lasted = [((b[1] - a[1]) * 1000, a[0]) for a, b in zip(clip, clip[1:])]
    near = [ms for ms, p in lasted if 1.3 <= p <= 2.3]
    away = [ms for ms, p in lasted if not 1.3 <= p <= 2.3]
    print(f"pictures: {len(clip)} of the clip's 200 flipped, {len(again)} shown again or out of order; "
          f"longest on screen near the switch {max(near, default=0):.0f} ms, elsewhere {max(away, default=0):.0f} ms")
    return not again and len(clip) >= 100 and not (max(near, default=0) > 120 and max(near, default=0) > max(away, default=0))


results = [sound(), pictures()]
sys.exit(0 if all(results) else 1)
