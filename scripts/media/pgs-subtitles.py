#!/usr/bin/env python3
"""Writes PGS (Blu-ray) bitmap subtitles as a .sup file: FFmpeg has no PGS encoder, and the test
media needs PGS to prove that path (issue 39). Two cues with the pictures of dvb-subtitles.c (a
panel with a cross 0.5-2.0 s low in the middle, a panel with bars 2.5-3.5 s at the top left),
each display set followed by an empty one that clears the screen.
Usage: pgs-subtitles.py OUT.sup WIDTH HEIGHT"""
import struct
import sys

# Palette entries: index, Y, Cr, Cb, alpha (BT.601): clear, white, black, half-clear blue.
PALETTE = [(0, 16, 128, 128, 0), (1, 235, 128, 128, 255), (2, 16, 128, 128, 255), (3, 41, 110, 240, 128)]


def panel(w, h, kind):
    """The palette indices of one panel, row by row (as in dvb-subtitles.c)."""
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            v = 3
            if x < 3 or y < 3 or x >= w - 3 or y >= h - 3:
                v = 2
            elif kind == 0 and (abs(x - w // 2) < 4 or abs(y - h // 2) < 4):
                v = 1
            elif kind == 1 and (x // 12) % 2 == 1 and 8 < y < h - 8:
                v = 1
            row.append(v)
        rows.append(row)
    return rows


def rle(rows):
    """PGS's run-length code: a run of one colour at a time, each line ended by 00 00."""
    out = bytearray()
    for row in rows:
        x = 0
        while x < len(row):
            colour, run = row[x], 1
            while x + run < len(row) and row[x + run] == colour and run < 16383:
                run += 1
            x += run
            if colour != 0 and run <= 2:
                out += bytes([colour]) * run
            elif colour == 0:
                out += bytes([0, run]) if run < 64 else bytes([0, 0x40 | (run >> 8), run & 0xFF])
            else:
                out += bytes([0, 0x80 | run, colour]) if run < 64 else bytes([0, 0xC0 | (run >> 8), run & 0xFF, colour])
        out += b"\0\0"
    return bytes(out)


def segment(ms, kind, payload):
    pts = ms * 90
    return b"PG" + struct.pack(">IIBH", pts, 0, kind, len(payload)) + payload


def display_set(ms, number, width, height, shown):
    """One display set at `ms`: `shown` is (x, y, w, h, kind) or None for a clearing one."""
    objects = b"" if shown is None else struct.pack(">HBBHH", 0, 0, 0, shown[0], shown[1])
    state = 0x80 if shown else 0x00
    pcs = struct.pack(">HHBHBBBB", width, height, 0x10, number, state, 0, 0, 1 if shown else 0) + objects
    out = segment(ms, 0x16, pcs)
    if shown is None:
        window = (0, 0, width, height)
    else:
        window = shown[:4]
    out += segment(ms, 0x17, struct.pack(">BBHHHH", 1, 0, *window))
    if shown is not None:
        x, y, w, h, kind = shown
        out += segment(ms, 0x14, bytes([0, 0]) + b"".join(bytes(p) for p in PALETTE))
        data = rle(panel(w, h, kind))
        length = len(data) + 4
        out += segment(ms, 0x15, struct.pack(">HBB", 0, 0, 0xC0) + length.to_bytes(3, "big") + struct.pack(">HH", w, h) + data)
    return out + segment(ms, 0x80, b"")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.splitlines()[-1])
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    cues = [(500, 2000, ((width - 160) // 2, height - 80, 160, 60, 0)), (2500, 3500, (16, 16, 120, 48, 1))]
    out = bytearray()
    for n, (start, end, shown) in enumerate(cues):
        out += display_set(start, 2 * n, width, height, shown)
        out += display_set(end, 2 * n + 1, width, height, None)
    with open(path, "wb") as f:
        f.write(out)


main()
