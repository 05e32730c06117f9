#!/usr/bin/env python3
"""playhead's tone as recorded from the loopback card: 1000 Hz for 2.0 s, whole; and at rate 2,
1000 Hz still (time-stretched, not sped up) for 1.0 s. A lost or repeated block shows as a jump
in the phase: one gap between zero crossings far from the 48 samples a 1 kHz tone has per
period at 48 kHz.

A device underrun puts silence in the recording while every sample is still played after it
(playhead prepares the device and writes on). The emulator can hold the guest's vCPU up long
enough for that with the host busy (CI did once), so silence is allowed only as many times as
playhead itself counted an underrun, and the tone around it must still be whole: its length
without the silence and no phase jump inside a part.

The recording once came 16-20 ms short of the tone with every frame written and no underrun:
the engine dropped the device at the queue's end, judged on an estimate that ran a few timer
ticks ahead of the loopback card, and cut the last sound off (fixed: the last item's natural end
lets the device play out). It may run a little long: the loopback copies whole 4 ms ticks, and
the last one past the end of the sound holds the ring's older frames, whole cycles of the same
tone (as far as seen, +8 ms at most)."""
import re
import sys

from wavtone import loud_span

# The tone peaks near 2900; away from a crossing it never comes this near zero for this long.
QUIET = 200
GAP_SAMPLES = 24
LOOPBACK_LONGER = 0.012


def parts(span):
    """The span cut at every run of GAP_SAMPLES or more near-silent samples."""
    cut, start, quiet = [], 0, 0
    for i, s in enumerate(span):
        quiet = quiet + 1 if abs(s) <= QUIET else 0
        if quiet == GAP_SAMPLES:
            cut.append(span[start:i - GAP_SAMPLES + 1])
        if quiet >= GAP_SAMPLES:
            start = i + 1
    cut.append(span[start:])
    return [p for p in cut if p]


def counted(err_path, key):
    """A number from playhead's --stats lines."""
    try:
        text = open(err_path, encoding="utf-8", errors="replace").read()
    except OSError as error:
        sys.exit(f"cannot read {err_path}: {error}")
    found = re.search(rf"\b{key}=(\d+)", text)
    if not found:
        sys.exit(f"{err_path}: no '{key}=' in playhead's stats; was --stats given?")
    return int(found.group(1))


def check(name, label, want_seconds, tolerance):
    rate, span = loud_span(f"{sys.argv[1]}/{name}.wav")
    pieces = parts(span)
    seconds = sum(len(p) for p in pieces) / rate
    period = rate / 1000
    cycles, spanned, jumps = 0, 0, 0
    for piece in pieces:
        crossings = [i for i, (a, b) in enumerate(zip(piece, piece[1:])) if a < 0 <= b]
        if len(crossings) > 1:
            cycles += len(crossings) - 1
            spanned += crossings[-1] - crossings[0]
        jumps += sum(1 for a, b in zip(crossings, crossings[1:]) if abs((b - a) - period) > 2)
    hz = cycles / (spanned / rate) if spanned else 0
    gaps = len(pieces) - 1
    err = f"{sys.argv[1]}/{name}.err"
    underruns = counted(err, "underruns")
    written = counted(err, "written") / rate
    print(f"playhead's tone through ALSA{label}: {hz:.1f} Hz for {seconds:.3f} s, {jumps} phase jumps, "
          f"{gaps} silences inside it; playhead wrote {written:.3f} s, {underruns} underruns "
          f"(want 1000 Hz for {want_seconds:g} s written and recorded, up to {LOOPBACK_LONGER * 1000:.0f} ms "
          f"more recorded, no jump, no more silences than underruns)")
    return (abs(hz - 1000) <= 5 and abs(written - want_seconds) <= tolerance
            and want_seconds - tolerance <= seconds <= want_seconds + tolerance + LOOPBACK_LONGER
            and not jumps and gaps <= underruns)


# atempo's output runs a few milliseconds longer or shorter than half (its window's edges).
ok = check("alsa-tone", "", 2.0, 0.01)
ok = check("alsa-tone-rate2", " at rate 2", 1.0, 0.015) and ok
# Under the device's start threshold: played only when playhead starts the device itself.
ok = check("alsa-tone-short", " (60 ms alone)", 0.06, 0.005) and ok
sys.exit(0 if ok else 1)
