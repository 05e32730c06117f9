"""What the layers' checks share (30-layers.py, 31-composed.py): ffmpeg's decodes of the board's
media, a capture's parts, PSNR, and an overlay blended as a plane blends it."""
import math
import subprocess


def decode(clip, vf, pix_fmt="rgb24"):
    """Every frame of `clip` through `vf`, as raw frames of `pix_fmt`."""
    return subprocess.run(["ffmpeg", "-v", "error", "-i", str(clip), "-vf", vf, "-pix_fmt", pix_fmt, "-f", "rawvideo", "-"],
                          capture_output=True, check=True).stdout


def region(pixels, width, box):
    """The rgb24 bytes of `box` (x, y, w, h) in a picture `width` pixels wide."""
    x, y, w, h = box
    return b"".join(pixels[(y + r) * width * 3 + x * 3:(y + r) * width * 3 + (x + w) * 3] for r in range(h))


def psnr(a, b):
    squared = sum((p - q) ** 2 for p, q in zip(a, b))
    return 99.0 if squared == 0 else 10 * math.log10(255 * 255 / (squared / len(a)))


def nearest(got, frames, box):
    """The index of the clip's frame nearest to `got` (picked on every 8th row), and its PSNR."""
    w, h = box[2], box[3]
    rows = range(0, h, 8)
    def rough(f):
        return sum(sum((p - q) ** 2 for p, q in zip(got[r * w * 3:(r + 1) * w * 3], f[r * w * 3:(r + 1) * w * 3])) for r in rows)
    best = min(range(len(frames)), key=lambda i: rough(frames[i]))
    return best, psnr(got, frames[best])


def best_match(got, frames, box):
    """The PSNR of the clip's frame nearest to `got`."""
    return nearest(got, frames, box)[1]


def frames_of(clip, box):
    """Every frame of `clip` scaled to `box`'s size, as rgb24."""
    size = box[2] * box[3] * 3
    raw = decode(clip, f"scale={box[2]}:{box[3]}:flags=fast_bilinear")
    return [raw[i:i + size] for i in range(0, len(raw), size)]


def over(rgba, under):
    """`rgba` (straight alpha) blended over `under` (rgb24 of the same size) as a plane blends:
    colour times alpha, plus what is under it times one less alpha."""
    out = bytearray(len(under))
    for i in range(len(under) // 3):
        a = rgba[i * 4 + 3]
        for c in range(3):
            out[i * 3 + c] = min(255, round(rgba[i * 4 + c] * a / 255 + under[i * 3 + c] * (255 - a) / 255))
    return bytes(out)
