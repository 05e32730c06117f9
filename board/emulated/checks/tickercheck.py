"""Scenario 31's text run: the two-line notice in the top bar against the same lines drawn on the
host (textref.py), and the ticker in the bottom bar: in each capture, the place in its strip
(drawn on the host from the same file's lines) that the window shows, found by its columns'
brightness and then compared whole (PSNR); from one capture to the next the place must move by
the speed times the time between them. Both bars lie over the letterbox's black, where a plane
(or the software composition) shows the premultiplied colour as it is."""
import pathlib
import subprocess

from layercheck import psnr, region
from ppm import read_ppm
from textcheck import FONT, REF, reference

W, H = 640, 480
NOTICE, NEWS = (0, 0, 640, 60), (0, 420, 640, 60)
SPEED = 120
SEPARATOR = "   \u2022   "
LINES = ["Doors open at 9", "مرحبا بكم", "Cafe on level 2"]
BG = "20408080"


def strip_reference(px, h, fg, bg, parts):
    """The ticker's strip as rgb24 rows over black, and its width."""
    out = subprocess.run(["/usr/bin/python3", str(REF), "--strip", FONT, str(px), str(h), fg, bg, *parts],
                         capture_output=True, text=True, check=True).stdout
    width, hex_ = out.split(" ", 1)
    raw = bytes.fromhex(hex_)
    return int(width), b"".join(bytes((raw[i + 2], raw[i + 1], raw[i])) for i in range(0, len(raw), 4))


class Ticker:
    def __init__(self):
        parts = [p for line in LINES for p in (SEPARATOR, line)][1:]
        self.width, self.strip = strip_reference(28, 60, "FFFFFFFF", BG, parts)
        self.period = self.width + NEWS[2]
        r, g, b, a = (int(BG[i:i + 2], 16) for i in range(0, 8, 2))
        self.box = bytes((c * a + 127) // 255 for c in (r, g, b))
        self.profile = [self.column(x) for x in range(self.period)]

    def pixel(self, x, y):
        return self.strip[(y * self.width + x) * 3:(y * self.width + x) * 3 + 3] if x < self.width else self.box

    def column(self, x):
        return sum(sum(self.pixel(x, y)) for y in range(NEWS[3]))

    def window(self, offset):
        """The rgb24 bytes the box shows `offset` pixels into the period."""
        return b"".join(self.pixel((offset + x) % self.period, y) for y in range(NEWS[3]) for x in range(NEWS[2]))

    def place(self, got):
        """Where in the period the captured box stands, and how well the window there matches."""
        w = NEWS[2]
        cols = [sum(got[(y * w + x) * 3 + k] for y in range(NEWS[3]) for k in range(3)) for x in range(w)]
        best = min(range(self.period), key=lambda o: sum(abs(cols[x] - self.profile[(o + x) % self.period]) for x in range(0, w, 2)))
        return best, psnr(got, self.window(best))


def check(out):
    """Prints each capture's scores; returns the number of failures."""
    notice = reference(22, 640, 60, "FFFFFFFF", BG, "Doors open at 9\\nCafe on level 2")
    ticker = Ticker()
    captures = sorted((out / "frames-ticker").glob("frame-*.ppm"), key=lambda p: int(p.stem.split("-")[1]))
    failures = 0 if len(captures) >= 5 else 1
    places = []
    for ppm in captures:
        width, height, got = read_ppm(ppm)
        assert (width, height) == (W, H), f"{ppm.name} is {width}x{height}"
        offset, score = ticker.place(region(got, W, NEWS))
        notice_score = psnr(region(got, W, NOTICE), notice)
        ok = score >= 35 and notice_score >= 35
        failures += not ok
        places.append((int(ppm.stem.split("-")[1]), offset))
        print(f"{ppm.name}: notice {notice_score:.1f} dB, ticker at {offset} of {ticker.period} {score:.1f} dB" + ("" if ok else " FAIL"))
    errors = []
    for (t0, o0), (t1, o1) in zip(places, places[1:]):
        moved = (o1 - o0) % ticker.period
        errors.append(round(moved - SPEED * (t1 - t0) / 1000))
    text_seen = sum(o < ticker.width or o + NEWS[2] > ticker.period for _, o in places)
    steady = bool(errors) and max(abs(e) for e in errors) <= 24
    print(f"ticker: strip {ticker.width} px; moved minus {SPEED} px/s times the time between captures: {errors}"
          + f"; text in view in {text_seen} of {len(places)}" + ("" if steady and text_seen else " FAIL"))
    return failures + (not steady) + (not text_seen)
