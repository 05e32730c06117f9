#!/usr/bin/env python3
"""The sound of scenario 37's run with `screen-off-sound = keep` on an analogue card: the looping
clip's 440 Hz tone from playhead's first sound to its last, over at least 4 s, with the screen
off for 2 s in the middle. A pause while the screen was off would leave a silence of 2 s; a loop's
seam may leave a few milliseconds, so no silence may pass 0.2 s."""
import sys

from wavtone import loud_span

rate, span = loud_span(f"{sys.argv[1]}/keep-analogue.wav")
seconds = len(span) / rate
rising = sum(1 for a, b in zip(span, span[1:]) if a < 0 <= b)
hz = rising / seconds
longest = run = 0
for s in span:
    run = run + 1 if abs(s) <= 1000 else 0
    longest = max(longest, run)
gap = longest / rate
print(f"sound of the run: {hz:.1f} Hz over {seconds:.3f} s, its longest silence {gap * 1000:.0f} ms "
      "(want 440 Hz over at least 4 s, no silence over 200 ms)")
sys.exit(0 if abs(hz - 440) <= 10 and seconds >= 4 and gap <= 0.2 else 1)
