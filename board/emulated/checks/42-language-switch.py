#!/usr/bin/env python3
"""The sound track switched while playing, measured from the captures (see
scenarios/42-language-switch.sh).

Sound: the recording is read in 10 ms windows, each called English (440 Hz: about 8.8 zero
crossings per window), French (880 Hz: 17.6) or neither (silence, or a window where one ends
and the other begins). The check fails unless it is English, then French, with no English after
the first French, the French lasting at least 4 s (the 8 s clip's last 6.5 s, less what the old
track had decoded ahead), and at most 100 ms of neither between them.

Pictures: playhead's flip trace has each picture's media time, when it was due, when the engine
handed it to the display (`arrived`) and the vblank it was shown at. Every picture must come
once, in order (a refill that handed the decoder pictures again, or a seek, would show one
twice), and at least half of them must be shown. The switch (about 1.5 s) is the engine's and
the decoders' work: no picture from 1.3 to 2.3 s may reach the display more than a frame (40 ms)
after its time while none elsewhere came as late. How long a picture stays on screen also
depends on the display's drawing (here software scaling, most of a processor), which a busy
host slows anywhere in the clip: runs with the host kept busy (a disk writer beside QEMU) held
pictures up to 300 ms with every one of them handed over in time, some at the switch, so the
time on screen fails only past 500 ms (a picture frozen there); the trace around the longest
one near the switch is printed."""
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
    lines = open(f"{out}/language.flips").read().split("\n")
    entries = []  # (pts, due, arrived, vblank or None for a late drop, line number)
    for n, line in enumerate(lines):
        kind = line.split(" ", 1)[0]
        if kind in ("flip", "late-drop"):
            f = dict(kv.split("=", 1) for kv in line.split()[1:])
            entries.append((float(f["pts"]), float(f["due"]), float(f["arrived"]),
                            float(f["vblank"]) if kind == "flip" else None, n))
    # The trace covers both items: the clip's are those before the second item's start.
    end = next((i for i in range(1, len(entries)) if entries[i][0] < entries[i - 1][0] - 1), len(entries))
    clip = entries[:end]
    flips = [e for e in clip if e[3] is not None]
    pts = [e[0] for e in flips]
    again = [p for a, p in zip(pts, pts[1:]) if p <= a]
    near = lambda p: 1.3 <= p <= 2.3
    lasted = [((b[3] - a[3]) * 1000, a[0], a[4], b[4]) for a, b in zip(flips, flips[1:])]
    held_near = max((x for x in lasted if near(x[1])), default=(0, 0, 0, 0))
    held_away = max((ms for ms, p, _, _ in lasted if not near(p)), default=0)
    late_near = max(((e[2] - e[1]) * 1000 for e in clip if near(e[0])), default=-1000)
    late_away = max(((e[2] - e[1]) * 1000 for e in clip if not near(e[0])), default=-1000)
    print(f"pictures: {len(flips)} of the clip's 200 flipped, {len(again)} shown again or out of order; "
          f"longest on screen near the switch {held_near[0]:.0f} ms, elsewhere {held_away:.0f} ms; "
          f"latest handed to the display near the switch {late_near:+.0f} ms from its time, elsewhere {late_away:+.0f} ms")
    if held_near[0] > 120:
        # Whether the picture after it came late from the engine (arrived after due) or was
        # held by the display (arrived in time, committed late).
        for line in lines[max(0, held_near[2] - 2):held_near[3] + 3]:
            print(f"pictures:   {line}")
    engine_late = late_near > 40 and late_near > late_away
    if engine_late:
        print("pictures: the switch made the engine hand pictures over late")
    if held_near[0] > 500:
        print("pictures: the picture froze at the switch for more than 500 ms")
    return not again and len(flips) >= 100 and not engine_late and held_near[0] <= 500


results = [sound(), pictures()]
sys.exit(0 if all(results) else 1)
