#!/usr/bin/env python3
"""Frames that the plane converted from YUV itself (direct scan-out), captured through
writeback, against ffmpeg's conversion of the same decoded frames with each matrix and range:
the stream's own must give at least 35 dB PSNR and beat every other by at least 3 dB, so the
COLOR_ENCODING and COLOR_RANGE playhead set really reached the plane's conversion (vkms's
default, BT.601 full range, or the other clip's setting would lose). The portrait clip, turned
by the plane, is compared where it lies on the screen (360x480 in the middle) with ffmpeg's
upright picture, and must also beat that picture turned the other way by 3 dB; on the screen
mounted upside down (--display-rotate 180) the picture turned over is the right one. The
converted portrait clip was scaled by libswscale as stored and turned by the plane: its
reference is ffmpeg's fast-bilinear scaling of the stored picture, turned upright after."""
import math
import pathlib
import subprocess
import sys

from ppm import read_ppm

OUT = pathlib.Path(sys.argv[1])
MEDIA = pathlib.Path(__file__).resolve().parents[3] / "build/media"
FPS = 25
# Each run's clip, its matrix and range as ffmpeg's scale filter names them, where its picture
# lies on the 640x480 screen (x, y, width, height), and which way up it must be there.
CASES = {"rotated90_360p": ("rotated90_360p", ("bt601", "tv"), (140, 0, 360, 480), "upright"),
         "yuv709_480p": ("yuv709_480p", ("bt709", "tv"), (0, 0, 640, 480), "upright"),
         "yuv601full_480p": ("yuv601full_480p", ("bt601", "pc"), (0, 0, 640, 480), "upright"),
         "yuv709_480p-turned180": ("yuv709_480p", ("bt709", "tv"), (0, 0, 640, 480), "other way"),
         "rotated90-converted": ("rotated90", ("bt601", "tv"), (140, 0, 360, 480), "upright")}
# Scaled as stored before the turn (width:height), as playhead does for these.
STORED_SCALE = {"rotated90-converted": "480:360"}
ALL = [(m, r, t) for m in ("bt601", "bt709") for r in ("tv", "pc") for t in ("upright", "other way")]


def converted(clip, index, matrix, range_, turn, stored_scale=None):
    flip = ",hflip,vflip" if turn == "other way" else ""
    if stored_scale:
        # Both portrait clips' display matrices read back as transpose=cclock (ffmpeg's autorotate).
        args = ["-noautorotate"]
        vf = (f"select=eq(n\\,{index}),scale={stored_scale}:in_color_matrix={matrix}:in_range={range_}"
              f":flags=fast_bilinear,transpose=cclock{flip}")
    else:
        # ffmpeg turns the picture upright by its display matrix before these filters.
        args = []
        vf = f"select=eq(n\\,{index}),scale=in_color_matrix={matrix}:in_range={range_}:flags=bilinear{flip}"
    return subprocess.run(["ffmpeg", "-v", "error", *args, "-i", str(clip), "-vf", vf, "-frames:v", "1",
                           "-pix_fmt", "rgb24", "-f", "rawvideo", "-"], capture_output=True, check=True).stdout


def crop(rgb, width, place):
    x, y, w, h = place
    return b"".join(rgb[((y + row) * width + x) * 3:((y + row) * width + x + w) * 3] for row in range(h))


def psnr(a, b):
    squared = sum((x - y) ** 2 for x, y in zip(a, b))
    return 99.0 if squared == 0 else 10 * math.log10(255 * 255 / (squared / len(a)))


def spread(frames, n=4):
    """A clip's matrix, range and turn hold for all its frames: four, the first and the last
    among them, judge it as all do, at a third of the time (61 frames took 67 s)."""
    if len(frames) <= n:
        return frames
    return [frames[round(i * (len(frames) - 1) / (n - 1))] for i in range(n)]


failures = 0
for name, (clip, colours, place, way) in CASES.items():
    right = (*colours, way)
    frames = sorted((OUT / f"frames-{name}").glob("frame-*.ppm"))
    if not frames:
        print(f"{name}: no captured frames")
        failures += 1
    for ppm in spread(frames):
        index = round(int(ppm.stem.split("-")[1]) * FPS / 1000)
        width, height, got = read_ppm(ppm)
        got = crop(got, width, place)
        scores = {c: psnr(got, converted(MEDIA / f"{clip}.mp4", index, *c, STORED_SCALE.get(name))) for c in ALL}
        best_other = max(v for c, v in scores.items() if c != right)
        ok = (width, height) == (640, 480) and scores[right] >= 35 and scores[right] >= best_other + 3
        failures += not ok
        text = ", ".join(f"{m}/{r}/{t} {v:.1f}" for (m, r, t), v in scores.items())
        print(f"{name}/{ppm.name}: frame {index}: PSNR {scores[right]:.1f} dB with {'/'.join(right)}"
              f" (all: {text}) {'ok' if ok else 'FAIL'}")
sys.exit(1 if failures else 0)
