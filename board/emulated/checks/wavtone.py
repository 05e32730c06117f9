"""Shared by the tone checks: the loud part of a recorded WAV's first channel."""
import array
import sys
import wave


def loud_span(path, threshold=1000):
    """Returns (rate, samples from the first to the last loud one); exits with a reason when
    the file cannot be read or holds only silence."""
    try:
        w = wave.open(path, "rb")
    except (OSError, wave.Error) as error:
        sys.exit(f"cannot read {path}: {error}")
    rate, channels = w.getframerate(), w.getnchannels()
    samples = array.array("h", w.readframes(w.getnframes()))[::channels]
    loud = [i for i, s in enumerate(samples) if abs(s) > threshold]
    if not loud:
        sys.exit(f"{path}: silence; no sound reached the loopback card")
    return rate, samples[loud[0]:loud[-1] + 1]
