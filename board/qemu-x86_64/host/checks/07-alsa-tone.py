#!/usr/bin/env python3
"""playhead's tone as recorded from the loopback card: 1000 Hz for 2.0 s, whole. A lost or
repeated block shows as a jump in the phase: one gap between zero crossings far from the
24 samples a 1 kHz tone has at 48 kHz."""
import array
import sys
import wave

path = f"{sys.argv[1]}/alsa-tone.wav"
try:
    w = wave.open(path, "rb")
except (OSError, wave.Error) as error:
    sys.exit(f"cannot read {path}: {error}")
rate, channels = w.getframerate(), w.getnchannels()
samples = array.array("h", w.readframes(w.getnframes()))[::channels]
loud = [i for i, s in enumerate(samples) if abs(s) > 1000]
if not loud:
    sys.exit(f"{path}: silence; playhead's sound did not reach the loopback card")
first, last = loud[0], loud[-1]
span = samples[first:last + 1]
seconds = len(span) / rate
crossings = [i for i, (a, b) in enumerate(zip(span, span[1:])) if a < 0 <= b]
hz = (len(crossings) - 1) / ((crossings[-1] - crossings[0]) / rate) if len(crossings) > 1 else 0
half = rate / 1000
jumps = [b - a for a, b in zip(crossings, crossings[1:]) if abs((b - a) - half) > 2]
print(f"playhead's tone through ALSA: {hz:.1f} Hz for {seconds:.3f} s, {len(jumps)} phase jumps "
      f"(want 1000 Hz for 2.0 s, none)")
ok = abs(hz - 1000) <= 5 and abs(seconds - 2.0) <= 0.01 and not jumps
sys.exit(0 if ok else 1)
