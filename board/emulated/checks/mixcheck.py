"""Scenario 30's sound: two layers' tones mixed into the loopback card at their levels. The demo's
1 kHz (the main layer, volume 100) and the left clip's 440 Hz (volume 50) are measured in the
recording where both play, and each is compared with the same tone in ffmpeg's decode of its
own file: 1 kHz at the demo's level, 440 Hz at half the clip's, within 1 dB."""
import array
import math
import subprocess
import wave


def amplitude(samples, rate, hz):
    """The tone's amplitude in `samples` (one channel), by correlating with a sine and cosine."""
    c = s = 0.0
    for i, v in enumerate(samples):
        t = 2 * math.pi * hz * i / rate
        c += v * math.cos(t)
        s += v * math.sin(t)
    return 2 * math.hypot(c, s) / len(samples)


def decoded(clip, seconds):
    """The first channel of `clip`'s sound, 48 kHz, from `seconds` in, for 0.5 s."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-ss", str(seconds), "-t", "0.5", "-i", str(clip), "-ac", "1",
                          "-ar", "48000", "-f", "s16le", "-"], capture_output=True, check=True).stdout
    return array.array("h", raw)


def first_channel(recording):
    """The recording's rate and first channel's samples; (0, None) and a line when unreadable."""
    try:
        w = wave.open(str(recording), "rb")
    except (OSError, wave.Error) as error:
        print(f"cannot read {recording}: {error}")
        return 0, None
    return w.getframerate(), array.array("h", w.readframes(w.getnframes()))[::w.getnchannels()]


def own_card(recording, clip):
    """True when a layer's own card holds its clip's 440 Hz at its level (volume 100) and none of
    the main layer's 1 kHz: measured over the 100 ms windows where the tone plays (the layer
    alternates its clip with a silent picture, and is paused for a moment)."""
    rate, samples = first_channel(recording)
    if samples is None:
        return False
    step = rate // 10
    windows = [samples[i:i + step] for i in range(0, len(samples) - step, step)]
    tones = sorted((amplitude(x, rate, 440), amplitude(x, rate, 1000)) for x in windows)
    playing = [t for t in tones if t[0] > 1000]
    if len(playing) < 5:
        print(f"{recording}: the layer's own card heard under half a second of its tone")
        return False
    got_440 = playing[len(playing) // 2][0]
    got_1k = max(t[1] for t in playing)
    want_440 = amplitude(decoded(clip, 0.5), 48000, 440)
    db = 20 * math.log10(got_440 / want_440)
    ok = abs(db) <= 1 and got_1k < want_440 / 30
    print(f"own card: 440 Hz (right, 100%) at {got_440:.0f}, want {want_440:.0f} ({db:+.2f} dB); 1 kHz at most {got_1k:.0f}"
          f"{'' if ok else ' FAIL'}")
    return ok


def check(recording, demo, clip):
    """True when the mix holds both tones at their levels; prints what it measured."""
    rate, samples = first_channel(recording)
    if samples is None:
        return False
    loud = [i for i, v in enumerate(samples) if abs(v) > 1000]
    if len(loud) < rate:
        print(f"{recording}: under a second of sound; the layers were not heard")
        return False
    # The median over 100 ms windows (whole periods of both tones), half a second in from either
    # end: a window over the left clip's loop seam (its sound starts again) does not decide.
    step = rate // 10
    windows = [samples[i:i + step] for i in range(loud[0] + rate // 2, loud[-1] - rate // 2 - step, step)]
    if len(windows) < 5:
        print(f"{recording}: too short to measure ({len(windows)} windows)")
        return False
    got_1k = sorted(amplitude(x, rate, 1000) for x in windows)[len(windows) // 2]
    got_440 = sorted(amplitude(x, rate, 440) for x in windows)[len(windows) // 2]
    want_1k = amplitude(decoded(demo, 1.0), 48000, 1000)
    want_440 = 0.5 * amplitude(decoded(clip, 0.5), 48000, 440)
    ok = True
    for name, got, want in (("1 kHz (bg, 100%)", got_1k, want_1k), ("440 Hz (left, 50%)", got_440, want_440)):
        db = 20 * math.log10(got / want) if got > 0 and want > 0 else -99
        fine = abs(db) <= 1
        ok = ok and fine
        print(f"mixed sound: {name} at {got:.0f}, want {want:.0f} ({db:+.2f} dB){'' if fine else ' FAIL'}")
    return ok
