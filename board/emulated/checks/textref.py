#!/usr/bin/python3
"""A text layer's picture drawn the way playhead's PlayheadText says it draws it, by other
hands: HarfBuzz's own hb-shape places the glyphs and FreeType (Debian's python3-freetype, so
Debian's /usr/bin/python3) draws them, unhinted; the line centred, premultiplied B, G, R, A.

    textref.py FONT PIXELS WIDTH HEIGHT RRGGBBAA RRGGBBAA TEXT  ->  the pixels, hex, on stdout"""
import re
import subprocess
import sys

import freetype


def shape(font, px, text):
    out = subprocess.run(["hb-shape", "--no-glyph-names", f"--font-size={px * 64}", font, text],
                         capture_output=True, text=True, check=True).stdout
    return [(int(g), int(x or 0), int(y or 0), int(adv))
            for g, x, y, adv in re.findall(r"(\d+)=\d+(?:@(-?\d+),(-?\d+))?\+(-?\d+)", out)]


def color(hex_):
    v = int(hex_, 16)
    return (v >> 24 & 255, v >> 16 & 255, v >> 8 & 255, v & 255)


def draw(font, px, w, h, fg, bg, text):
    face = freetype.Face(font)
    face.set_pixel_sizes(0, px)
    upem = face.units_per_EM
    asc, desc = int(face.ascender * px * 64 / upem), int(face.descender * px * 64 / upem)
    r, g, b, a = bg
    pre = [(c * a + 127) // 255 for c in (b, g, r)] + [a]
    pixels = bytearray(pre * (w * h))
    glyphs = shape(font, px, text)
    total = sum(adv for _, _, _, adv in glyphs)
    start = int((w - ((total + 32) >> 6)) / 2)
    baseline = ((h * 64 + asc + desc) // 2 + 32) >> 6
    pen = 0
    fr, fg_, fb, fa = fg
    for gid, xoff, yoff, adv in glyphs:
        face.load_glyph(gid, freetype.FT_LOAD_RENDER | freetype.FT_LOAD_NO_HINTING)
        bm = face.glyph.bitmap
        x0 = start + ((pen + xoff + 32) >> 6) + face.glyph.bitmap_left
        y0 = baseline - ((yoff + 32) >> 6) - face.glyph.bitmap_top
        pen += adv
        for row in range(bm.rows):
            y = y0 + row
            if not 0 <= y < h:
                continue
            for col in range(bm.width):
                x, cover = x0 + col, bm.buffer[row * bm.pitch + col]
                if not 0 <= x < w or cover == 0:
                    continue
                i = (y * w + x) * 4
                sa = (cover * fa + 127) // 255
                for k, c in enumerate((fb, fg_, fr)):
                    pixels[i + k] = min(255, (c * sa + 127) // 255 + (pixels[i + k] * (255 - sa) + 127) // 255)
                pixels[i + 3] = min(255, sa + (pixels[i + 3] * (255 - sa) + 127) // 255)
    return bytes(pixels)


if __name__ == "__main__":
    font, px, w, h, fg, bg, text = sys.argv[1:8]
    sys.stdout.write(draw(font, int(px), int(w), int(h), color(fg), color(bg), text).hex())
