#!/usr/bin/env python3
"""playhead's tone as recorded from the loopback card: 1000 Hz for 2.0 s, whole; and at rate 2,
1000 Hz still (time-stretched, not sped up) for 1.0 s. A lost or repeated block shows as a jump
in the phase: one gap between zero crossings far from the 48 samples a 1 kHz tone has per
period at 48 kHz."""
import sys

from wavtone import loud_span


def check(name, label, want_seconds, tolerance):
    rate, span = loud_span(f"{sys.argv[1]}/{name}")
    seconds = len(span) / rate
    crossings = [i for i, (a, b) in enumerate(zip(span, span[1:])) if a < 0 <= b]
    hz = (len(crossings) - 1) / ((crossings[-1] - crossings[0]) / rate) if len(crossings) > 1 else 0
    period = rate / 1000
    jumps = [b - a for a, b in zip(crossings, crossings[1:]) if abs((b - a) - period) > 2]
    print(f"playhead's tone through ALSA{label}: {hz:.1f} Hz for {seconds:.3f} s, {len(jumps)} phase jumps "
          f"(want 1000 Hz for {want_seconds:.1f} s, none)")
    return abs(hz - 1000) <= 5 and abs(seconds - want_seconds) <= tolerance and not jumps


# atempo's output runs a few milliseconds longer or shorter than half (its window's edges).
ok = check("alsa-tone.wav", "", 2.0, 0.01)
ok = check("alsa-tone-rate2.wav", " at rate 2", 1.0, 0.015) and ok
sys.exit(0 if ok else 1)
