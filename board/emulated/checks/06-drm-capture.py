#!/usr/bin/env python3
"""Each frame captured on the board is compared with ffmpeg's decode of the same frame of the
same clip, laid out as playhead lays it out (fit, centred), converted with the same
fast-bilinear scaler: PSNR at least 35 dB inside the picture, bars exactly black."""
import math
import pathlib
import subprocess
import sys
import zlib

from ppm import read_ppm

OUT = pathlib.Path(sys.argv[1])
MEDIA = pathlib.Path(__file__).resolve().parents[3] / "build/media"
SCREEN = (640, 480)


def read_png(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    at, idat, width, height = 8, b"", 0, 0
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
            assert body[8:10] == b"\x08\x02", "only 8-bit RGB is expected"
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + width * 3
    assert all(raw[y * stride] == 0 for y in range(height)), "unexpected PNG filter"
    return width, height, b"".join(raw[y * stride + 1:(y + 1) * stride] for y in range(height))


def reference(clip, index, size, box, turn=""):
    x, y, w, h = box
    # Scaled as the viewer sees it, then turned (transpose=clock) onto the screen as mounted.
    scaled = f"{h}:{w}" if turn else f"{w}:{h}"
    vf = f"select=eq(n\\,{index}),scale={scaled}:flags=fast_bilinear{turn},pad={size[0]}:{size[1]}:{x}:{y}:black"
    return subprocess.run(["ffmpeg", "-v", "error", "-i", str(clip), "-vf", vf, "-frames:v", "1",
                           "-pix_fmt", "rgb24", "-f", "rawvideo", "-"], capture_output=True, check=True).stdout


def check(folder, clip, box, fps=25, turn=""):
    failures = 0
    frames = sorted((OUT / folder).glob("frame-*.ppm"))
    if not frames:
        print(f"{folder}: no captured frames")
        return 1
    x0, y0, w, h = box
    for png in frames:
        ms = int(png.stem.split("-")[1])
        index = round(ms * fps / 1000)
        width, height, got = read_ppm(png)
        want = reference(clip, index, (width, height), box, turn)
        squared, samples, bar_pixels_lit = 0, 0, 0
        for y in range(height):
            row = slice(y * width * 3, (y + 1) * width * 3)
            g, r = got[row], want[row]
            if y0 <= y < y0 + h:
                seg = slice(x0 * 3, (x0 + w) * 3)
                squared += sum((a - b) ** 2 for a, b in zip(g[seg], r[seg]))
                samples += w * 3
            else:
                bar_pixels_lit += sum(1 for v in g if v)
        psnr = 99.0 if squared == 0 else 10 * math.log10(255 * 255 / (squared / samples))
        ok = psnr >= 35 and bar_pixels_lit == 0
        failures += not ok
        print(f"{folder}/{png.name}: frame {index} PSNR {psnr:.1f} dB, bar bytes not black {bar_pixels_lit}"
              f" {'ok' if ok else 'FAIL'}")
    return failures


# The screenshot (PNG) must decode to the screen's size.
shot = read_png(OUT / "screenshot.png")
print(f"screenshot.png: {shot[0]}x{shot[1]}")
failures = 0 if shot[:2] == SCREEN else 1
failures += check("frames-demo", MEDIA / "demo.mp4", (0, 60, 640, 360))
failures += check("frames-scaled", MEDIA / "h264_aac.mp4", (0, 0, 640, 480))
# 480x360 at 0,140 of the viewer's 480x640 screen lands at 140,0 as 360x480.
failures += check("frames-turned", MEDIA / "h264_aac.mp4", (140, 0, 360, 480), turn=",transpose=clock")
# 720x576 of 64:45 pixels is 16:9 as shown: 640x360 at 0,60, as ffmpeg scales it to that shape.
failures += check("frames-anamorphic", MEDIA / "anamorphic_576p.mp4", (0, 60, 640, 360))
sys.exit(1 if failures else 0)
