#!/usr/bin/env python3
"""The tone captured from the loopback card: 1000 Hz, 2.0 s long (the played tone.wav)."""
import array
import sys
import wave

EXPECTED_HZ = 1000.0
EXPECTED_SECONDS = 2.0

path = f"{sys.argv[1]}/tone-captured.wav"
try:
    w = wave.open(path, "rb")
except (OSError, wave.Error) as error:
    sys.exit(f"cannot read {path}: {error}")
rate, channels = w.getframerate(), w.getnchannels()
samples = array.array("h", w.readframes(w.getnframes()))[::channels]
loud = [i for i, s in enumerate(samples) if abs(s) > 1000]
if not loud:
    sys.exit(f"{path}: silence; the loopback carried no sound")
first, last = loud[0], loud[-1]
seconds = (last - first + 1) / rate
span = samples[first:last + 1]
rising = sum(1 for a, b in zip(span, span[1:]) if a < 0 <= b)
hz = rising / seconds
print(f"captured tone: {hz:.1f} Hz for {seconds:.3f} s (want {EXPECTED_HZ:.0f} Hz for {EXPECTED_SECONDS} s)")
ok = abs(hz - EXPECTED_HZ) <= 5 and abs(seconds - EXPECTED_SECONDS) <= 0.02
sys.exit(0 if ok else 1)
