#!/usr/bin/python3
"""A text layer's picture drawn the way playhead's PlayheadText says it draws it, by other
hands: HarfBuzz's own hb-shape places the glyphs and FreeType (Debian's python3-freetype, so
Debian's /usr/bin/python3) draws them, unhinted; the line centred, premultiplied B, G, R, A.

    textref.py FONT PIXELS WIDTH HEIGHT RRGGBBAA RRGGBBAA TEXT  ->  the pixels, hex, on stdout
    textref.py --strip FONT PIXELS HEIGHT RRGGBBAA RRGGBBAA PART...  ->  a ticker's strip: its width, a space, its pixels"""
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


def premultiplied(bg):
    r, g, b, a = bg
    return [(c * a + 127) // 255 for c in (b, g, r)] + [a]


def blend(pixels, i, cover, fg):
    fr, fg_, fb, fa = fg
    sa = (cover * fa + 127) // 255
    for k, c in enumerate((fb, fg_, fr)):
        pixels[i + k] = min(255, (c * sa + 127) // 255 + (pixels[i + k] * (255 - sa) + 127) // 255)
    pixels[i + 3] = min(255, sa + (pixels[i + 3] * (255 - sa) + 127) // 255)


def place(face, glyphs, x, baseline, w, h, cover):
    """Calls cover(x, y, value) for each covered pixel of the glyphs set on the baseline from x."""
    pen = 0
    for gid, xoff, yoff, adv in glyphs:
        face.load_glyph(gid, freetype.FT_LOAD_RENDER | freetype.FT_LOAD_NO_HINTING)
        bm = face.glyph.bitmap
        x0 = x + ((pen + xoff + 32) >> 6) + face.glyph.bitmap_left
        y0 = baseline - ((yoff + 32) >> 6) - face.glyph.bitmap_top
        pen += adv
        for row in range(bm.rows):
            y = y0 + row
            if not 0 <= y < h:
                continue
            for col in range(bm.width):
                value = bm.buffer[row * bm.pitch + col]
                if 0 <= x0 + col < w and value:
                    cover(x0 + col, y, value)


def open_face(font, px):
    face = freetype.Face(font)
    face.set_pixel_sizes(0, px)
    upem = face.units_per_EM
    return face, int(face.ascender * px * 64 / upem), int(face.descender * px * 64 / upem)


def draw(font, px, w, h, fg, bg, text):
    """Each line (a backslash and an n apart) centred across; the lines one font height apart,
    together on the box's middle."""
    face, asc, desc = open_face(font, px)
    pixels = bytearray(premultiplied(bg) * (w * h))
    lines = text.split("\\n")
    height = asc - desc
    top = int((h * 64 - len(lines) * height) / 2)
    for index, line in enumerate(lines):
        glyphs = shape(font, px, line)
        total = sum(adv for _, _, _, adv in glyphs)
        start = int((w - ((total + 32) >> 6)) / 2)
        baseline = (top + asc + index * height + 32) >> 6
        place(face, glyphs, start, baseline, w, h, lambda x, y, v: blend(pixels, (y * w + x) * 4, v, fg))
    return bytes(pixels)


def strip(font, px, h, fg, bg, parts):
    """A ticker's strip: the parts shaped one by one and set one after the other from x 0, as wide
    as their advances; each pixel the most any glyph covers it, then the colour put on."""
    face, asc, desc = open_face(font, px)
    glyphs = [g for part in parts for g in shape(font, px, part)]
    w = max(1, (sum(adv for _, _, _, adv in glyphs) + 32) >> 6)
    coverage = bytearray(w * h)

    def cover(x, y, v):
        coverage[y * w + x] = max(coverage[y * w + x], v)
    place(face, glyphs, 0, ((h * 64 + asc + desc) // 2 + 32) >> 6, w, h, cover)
    pixels = bytearray()
    for v in coverage:
        p = bytearray(premultiplied(bg))
        if v:
            blend(p, 0, v, fg)
        pixels += p
    return w, bytes(pixels)


if __name__ == "__main__":
    if sys.argv[1] == "--strip":
        font, px, h, fg, bg = sys.argv[2:7]
        w, pixels = strip(font, int(px), int(h), color(fg), color(bg), sys.argv[7:])
        sys.stdout.write(f"{w} {pixels.hex()}")
    else:
        font, px, w, h, fg, bg, text = sys.argv[1:8]
        sys.stdout.write(draw(font, int(px), int(w), int(h), color(fg), color(bg), text).hex())
