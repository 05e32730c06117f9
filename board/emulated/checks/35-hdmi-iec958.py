#!/usr/bin/env python3
"""The IEC958 subframes playhead's sound became through the `hdmi` definition (scenario 35), as
alsa-lib's iec958 plugin lays them out in 32 bits (IEC958_SUBFRAME_LE): the preamble in bits
0-3 (Z at each 192-frame block's first left subframe, X for the other left ones, Y for the
right ones), the sample's 24 bits in 4-27, validity, user and channel status in 28-30, even
parity over 4-31 in bit 31. The channel status is read from the left subframes of the first
block; the tone from the samples: 1000 Hz for 2.0 s, no phase jump."""
import array
import sys

Z, X, Y = 0x08, 0x02, 0x04


def main():
    path = f"{sys.argv[1]}/hdmi-iec958.raw"
    words = array.array("I")
    try:
        with open(path, "rb") as f:
            words.frombytes(f.read())
    except OSError as error:
        sys.exit(f"cannot read {path}: {error}")
    if sys.byteorder != "little":
        words.byteswap()
    frames = len(words) // 2
    if frames < 192:
        sys.exit(f"{path}: {frames} frames, less than one IEC958 block")
    bad_preamble = bad_parity = 0
    for i, w in enumerate(words[:frames * 2]):
        frame, right = divmod(i, 2)
        want = Y if right else (Z if frame % 192 == 0 else X)
        bad_preamble += (w & 0x0F) != want
        bad_parity += bin(w >> 4).count("1") % 2 != 0
    status = bytearray(24)
    for frame in range(192):
        if words[frame * 2] & (1 << 30):
            status[frame // 8] |= 1 << (frame % 8)
    samples = []
    for w in words[0:frames * 2:2]:
        s = (w >> 4) & 0xFFFFFF
        samples.append((s - (1 << 24) if s & 0x800000 else s) >> 8)
    loud = [i for i, s in enumerate(samples) if abs(s) > 1000]
    span = samples[loud[0]:loud[-1] + 1] if loud else []
    crossings = [i for i, (a, b) in enumerate(zip(span, span[1:])) if a < 0 <= b]
    hz = (len(crossings) - 1) / ((crossings[-1] - crossings[0]) / 48000) if len(crossings) > 1 else 0
    jumps = [b - a for a, b in zip(crossings, crossings[1:]) if abs((b - a) - 48) > 2]
    seconds = len(span) / 48000
    aes = " ".join(f"{b:02x}" for b in status[:4])
    print(f"IEC958 from the hdmi definition: {frames} frames, {bad_preamble} wrong preambles, {bad_parity} parity errors;"
          f" channel status {aes}; the tone {hz:.1f} Hz for {seconds:.3f} s, {len(jumps)} phase jumps")
    ok = bad_preamble == 0 and bad_parity == 0
    # Consumer (bit 0 clear), linear PCM (bit 1 clear), no copyright assertion (0x04), original
    # and PCM coder category (0x82), 48 kHz (0x02), as pcm/hdmi.conf's defaults say.
    ok = ok and status[0] == 0x04 and status[1] == 0x82 and status[3] & 0x0F == 0x02
    ok = ok and abs(hz - 1000) <= 5 and abs(seconds - 2.0) <= 0.01 and not jumps
    sys.exit(0 if ok else 1)


main()
