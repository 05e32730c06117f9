#!/usr/bin/env python3
"""The tone captured from the loopback card: 1000 Hz, 2.0 s long (the played tone.wav)."""
import sys

from wavtone import loud_span

EXPECTED_HZ = 1000.0
EXPECTED_SECONDS = 2.0

rate, span = loud_span(f"{sys.argv[1]}/tone-captured.wav")
seconds = len(span) / rate
rising = sum(1 for a, b in zip(span, span[1:]) if a < 0 <= b)
hz = rising / seconds
print(f"captured tone: {hz:.1f} Hz for {seconds:.3f} s (want {EXPECTED_HZ:.0f} Hz for {EXPECTED_SECONDS} s)")
ok = abs(hz - EXPECTED_HZ) <= 5 and abs(seconds - EXPECTED_SECONDS) <= 0.02
sys.exit(0 if ok else 1)
