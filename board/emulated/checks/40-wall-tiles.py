#!/usr/bin/env python3
"""Each screen of the two-screen wall, captured through writeback, against ffmpeg's crop of the
same frame of the 1280x480 clip: the screen's window of the picture must give at least 35 dB
PSNR (the board's and ffmpeg's YUV to RGB conversions differ a little) and beat the same window
moved 2 pixels either way and the other screen's window by at least 3 dB, so that a window off
by a column or two fails; the parts of the screen the picture does not reach (the bezel run's
outer bar) must be exactly black. Four frames of each run are checked, first and last among
them."""
import pathlib
import sys

from layercheck import decode, psnr, region
from ppm import read_ppm

OUT = pathlib.Path(sys.argv[1])
MEDIA = pathlib.Path(__file__).resolve().parents[3] / "build/media"
CLIP_W, CLIP_H, FPS = 1280, 480, 25
SCREEN = (640, 480)
# Each run: the picture's window (x, width) and where it lands on the screen (x); all rows.
# bezel1: 2x1:1,0 with a 10-pixel bezel. The canvas is 2 x 640 + 20 wide; the 1280-wide picture
# is fitted in its middle (x 10 to 1290), so the right screen (canvas 660 to 1300) shows picture
# columns 650 to 1280 at its left, and its last 10 columns are the wall's bar.
RUNS = {"tile0": (0, 640, 0), "tile1": (640, 640, 0), "bezel1": (650, 630, 0), "crop": (320, 640, 0)}
REQUIRED = ("tile0", "tile1")


def spread(frames, n=4):
    if len(frames) <= n:
        return frames
    return [frames[round(i * (len(frames) - 1) / (n - 1))] for i in range(n)]


raw = decode(MEDIA / "wall_1280x480.mp4", "null")
size = CLIP_W * CLIP_H * 3
clip = [raw[i:i + size] for i in range(0, len(raw), size)]

failures = 0
for name, (x, w, at) in RUNS.items():
    captures = sorted((OUT / f"frames-{name}").glob("frame-*.ppm"))
    if not captures:
        if name in REQUIRED:
            print(f"{name}: no captures")
            failures += 1
        continue
    wrong = {f"moved {d:+d}": x + d for d in (-2, 2) if 0 <= x + d <= CLIP_W - w}
    other = 640 - x if name.startswith("tile") else None
    if other is not None:
        wrong["the other screen's"] = other
    for ppm in spread(captures):
        width, height, got = read_ppm(ppm)
        index = min(round(int(ppm.stem.split("-")[1]) * FPS / 1000), len(clip) - 1)
        shown = region(got, width, (at, 0, w, CLIP_H))
        right = psnr(shown, region(clip[index], CLIP_W, (x, 0, w, CLIP_H)))
        others = {k: psnr(shown, region(clip[index], CLIP_W, (wx, 0, w, CLIP_H))) for k, wx in wrong.items()}
        bars = [(0, 0, at, height), (at + w, 0, width - at - w, height)]
        lit = sum(1 for b in bars if b[2] > 0 for v in region(got, width, b) if v)
        ok = (width, height) == SCREEN and right >= 35 and all(right >= v + 3 for v in others.values()) and lit == 0
        failures += not ok
        print(f"{name}/{ppm.name}: frame {index}, window {w}x{CLIP_H}+{x}+0 at x {at}: {right:.1f} dB; "
              + ", ".join(f"{k} {v:.1f} dB" for k, v in others.items())
              + f"; bar bytes not black {lit} {'ok' if ok else 'FAIL'}")
sys.exit(1 if failures else 0)
