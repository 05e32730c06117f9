"""Scenario 30's text layers against the same lines drawn on the host by textref.py (hb-shape
and FreeType): the Hebrew line, right to left, and the clock, whose second is one of those
the run lasted. Over the letterbox bar (black), a plane shows the premultiplied colour as it is."""
import math
import pathlib
import subprocess
import time

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
REF = pathlib.Path(__file__).resolve().parent / "textref.py"


def reference(px, w, h, fg, bg, text):
    """The line as rgb24 bytes over black."""
    raw = bytes.fromhex(subprocess.run(["/usr/bin/python3", str(REF), FONT, str(px), str(w), str(h), fg, bg, text],
                                       capture_output=True, text=True, check=True).stdout)
    return b"".join(bytes((raw[i + 2], raw[i + 1], raw[i])) for i in range(0, len(raw), 4))


def psnr(a, b):
    squared = sum((p - q) ** 2 for p, q in zip(a, b))
    return 99.0 if squared == 0 else 10 * math.log10(255 * 255 / (squared / len(a)))


class TextCheck:
    def __init__(self, out):
        start = int((out / "layers-clock-start.txt").read_text())
        end = int((out / "layers-clock-end.txt").read_text())
        self.hello = reference(28, 160, 60, "FFD040FF", "20408080", "שלום עולם")
        self.clocks = {t: reference(28, 160, 60, "FFFFFFFF", "20408080", time.strftime("%H:%M:%S", time.gmtime(t)))
                       for t in range(start - 1, end + 2)}

    # The bottom-right layer's items: the clip has no title in the playlist (its file's name
    # shows), the picture has one.
    TITLES = ["loop_1s.mp4", "a still picture"]

    def title(self, caption):
        """The title layer's region: which of the bottom-right layer's titles it shows, and how well."""
        if not hasattr(self, "titles"):
            self.titles = {t: reference(28, 320, 60, "FFFFFFFF", "204080FF", t) for t in self.TITLES}
        scores = {t: psnr(caption, ref) for t, ref in self.titles.items()}
        best = max(scores, key=scores.get)
        return best, scores[best]

    def scores(self, hello, clock):
        """PSNR of each region against its reference (the clock's best second)."""
        return {"hello": psnr(hello, self.hello), "clock": max(psnr(clock, c) for c in self.clocks.values())}
