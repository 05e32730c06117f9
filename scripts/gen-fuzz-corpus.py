#!/usr/bin/env python3
"""Small media files whose time bases, timestamps and durations are extreme, for the fuzzer's
corpus (Tests/Fuzz/corpus): `scripts/gen-fuzz-corpus.py OUTDIR`.

Each file is a few KB and plays in an ordinary player up to the field that was made extreme,
so the fuzzer starts from inputs that already reach playhead's timing code with numbers near
the ends of Int64 and Int32, instead of having to find them by flipping bytes:

- Matroska, written here (EBML is simple, and a writer of our own can put an 8-byte
  TimestampScale, a 2^62 cluster time or a negative block offset where ffmpeg's muxer never
  would): one MJPEG picture track and one PCM track.
- MP4 from Debian's ffmpeg, then patched in place: mvhd/mdhd timescale and duration, stts
  deltas, edit list times.
- MPEG-TS from Debian's ffmpeg, then PES timestamps rewritten near the 2^33 wrap.

Why these numbers: StreamTiming multiplied (ticks - start) by the time base's numerator in
Int64; a TimestampScale above 1 s gives a numerator in the millions, and any 2^40 timestamp then
overflows. The names say what each file holds.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

FFMPEG = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"]


# ---------- Matroska ----------

def ebml_id(i):
    return i.to_bytes((i.bit_length() + 7) // 8, "big")


def ebml_size(n):
    # Always 8 bytes: simple, and sizes never need a second pass.
    return bytes([0x01]) + n.to_bytes(7, "big")


def el(i, payload):
    return ebml_id(i) + ebml_size(len(payload)) + payload


def uint(i, v):
    return el(i, v.to_bytes(8, "big"))


def sint(i, v):
    return el(i, v.to_bytes(8, "big", signed=True))


def flt(i, v):
    return el(i, struct.pack(">d", v))


def string(i, s):
    return el(i, s.encode())


def simple_block(track, rel, keyframe, data):
    # Track number as a 1-byte EBML varint, a signed 16-bit offset from the cluster's time.
    return el(0xA3, bytes([0x80 | track]) + struct.pack(">h", rel) + bytes([0x80 if keyframe else 0]) + data)


def block_group(track, rel, duration, data):
    block = el(0xA1, bytes([0x80 | track]) + struct.pack(">h", rel) + b"\x00" + data)
    return el(0xA0, block + uint(0x9B, duration))


def mkv(scale=1_000_000, duration=None, clusters=((0, 0, 40),), default_duration=None,
        block_duration=None, video=True, audio=True, idle=False, jpeg=b""):
    """clusters: (cluster time, first block's offset, step between blocks) each; 3 blocks a track.
    idle: a third track (PCM) with no blocks at all."""
    header = el(0x1A45DFA3, uint(0x4286, 1) + uint(0x42F7, 1) + uint(0x42F2, 4) + uint(0x42F3, 8)
                + string(0x4282, "matroska") + uint(0x4287, 4) + uint(0x4285, 2))
    info = uint(0x2AD7B1, scale) + string(0x4D80, "gen-fuzz-corpus") + string(0x5741, "gen-fuzz-corpus")
    if duration is not None:
        info += flt(0x4489, duration)
    tracks = b""
    if video:
        v = uint(0xD7, 1) + uint(0x73C5, 1) + uint(0x83, 1) + string(0x86, "V_MJPEG") \
            + el(0xE0, uint(0xB0, 16) + uint(0xBA, 16))
        if default_duration is not None:
            v += uint(0x23E383, default_duration)
        tracks += el(0xAE, v)
    if audio:
        a = uint(0xD7, 2) + uint(0x73C5, 2) + uint(0x83, 2) + string(0x86, "A_PCM/INT/LIT") \
            + el(0xE1, flt(0xB5, 8000.0) + uint(0x9F, 1) + uint(0x6264, 16))
        tracks += el(0xAE, a)
    if idle:
        tracks += el(0xAE, uint(0xD7, 3) + uint(0x73C5, 3) + uint(0x83, 2) + string(0x86, "A_PCM/INT/LIT")
                     + el(0xE1, flt(0xB5, 8000.0) + uint(0x9F, 1) + uint(0x6264, 16)))
    body = el(0x1549A966, info) + el(0x1654AE6B, tracks)
    pcm = b"\x00\x10" * 160
    for time, first, step in clusters:
        blocks = b""
        for k in range(3):
            rel = max(-32768, min(32767, first + k * step))
            if video:
                blocks += (block_group(1, rel, block_duration, jpeg) if block_duration is not None
                           else simple_block(1, rel, True, jpeg))
            if audio:
                blocks += simple_block(2, rel, True, pcm)
        body += el(0x1F43B675, uint(0xE7, time) + blocks)
    # The segment's size unknown (all ones): as a live recording writes it.
    return header + ebml_id(0x18538067) + b"\x01\xff\xff\xff\xff\xff\xff\xff" + body


# ---------- MP4 ----------

def boxes(data, start, end):
    """(type, offset, size) of each box between start and end."""
    out = []
    i = start
    while i + 8 <= end:
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        if size < 8 or i + size > end:
            break
        out.append((kind.decode("latin-1"), i, size))
        i += size
    return out


def find(data, path, start=0, end=None):
    """Every box at `path` (a list of types), descending through the containers named."""
    end = len(data) if end is None else end
    found = []
    for kind, off, size in boxes(data, start, end):
        if kind != path[0]:
            continue
        if len(path) == 1:
            found.append((off, size))
        else:
            found += find(data, path[1:], off + 8, off + size)
    return found


def put32(data, off, v):
    data[off:off + 4] = (v & 0xFFFFFFFF).to_bytes(4, "big")


def mp4_patch(src, patches):
    data = bytearray(open(src, "rb").read())
    for path, field, value in patches:
        for off, size in find(data, path):
            version = data[off + 8]
            body = off + 12
            if path[-1] in ("mvhd", "mdhd") and version == 0:
                # creation, modification, then timescale and duration, 32 bits each.
                put32(data, body + {"timescale": 8, "duration": 12}[field], value)
            elif path[-1] == "stts":
                count = struct.unpack(">I", data[body:body + 4])[0]
                for k in range(count):
                    put32(data, body + 4 + k * 8 + 4, value)  # each entry's sample delta
            elif path[-1] == "elst" and version == 0:
                count = struct.unpack(">I", data[body:body + 4])[0]
                for k in range(count):
                    put32(data, body + 4 + k * 12 + {"duration": 0, "media_time": 4}[field], value)
            elif path[-1] == "ctts":
                count = struct.unpack(">I", data[body:body + 4])[0]
                for k in range(count):
                    put32(data, body + 4 + k * 8 + 4, value)
    return bytes(data)


# ---------- MPEG-TS ----------

def pts_bytes(flag, v):
    v &= (1 << 33) - 1
    return bytes([(flag << 4) | ((v >> 29) & 0x0E) | 1, (v >> 22) & 0xFF, ((v >> 14) & 0xFE) | 1,
                  (v >> 7) & 0xFF, ((v << 1) & 0xFE) | 1])


def ts_patch(src, stamp):
    """Rewrites each PES header's PTS (and DTS) as stamp(n, old pts) for the n-th PES."""
    data = bytearray(open(src, "rb").read())
    n = 0
    for p in range(0, len(data) - 187, 188):
        if data[p] != 0x47 or not data[p + 1] & 0x40:
            continue
        i = p + 4
        if data[p + 3] & 0x20:
            i += 1 + data[p + 4]
        if i + 19 > p + 188 or data[i:i + 3] != b"\x00\x00\x01" or data[i + 3] < 0xC0:
            continue
        flags = data[i + 7] >> 6
        if not flags & 2:
            continue
        t = i + 9
        old = ((data[t] >> 1) & 7) << 30 | data[t + 1] << 22 | (data[t + 2] >> 1) << 15 | data[t + 3] << 7 | data[t + 4] >> 1
        new = stamp(n, old)
        data[t:t + 5] = pts_bytes(3 if flags == 3 else 2, new)
        if flags == 3:
            data[t + 5:t + 10] = pts_bytes(1, new)
        n += 1
    return bytes(data)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "Tests/Fuzz/corpus"
    os.makedirs(out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="gen-fuzz-")

    def ff(name, *args):
        path = os.path.join(tmp, name)
        subprocess.run(FFMPEG + list(args) + [path], check=True)
        return path

    def write(name, data):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")

    jpeg = open(ff("p.jpg", "-f", "lavfi", "-i", "testsrc=s=16x16", "-frames:v", "1", "-q:v", "31"), "rb").read()
    big = (1 << 63) - 1
    # Matroska: the time base is TimestampScale ns, so 1 gives 1/1e9 and 2^32-1 about 4.3 s a
    # tick (FFmpeg takes the scale as 32 bits: more is refused); cluster times are unsigned
    # 64-bit. Two files FFmpeg refuses (scale 2^62) are kept: a byte flip away from opening.
    write("mkv-scale-1ns.mkv", mkv(scale=1, jpeg=jpeg))
    write("mkv-scale-huge.mkv", mkv(scale=1 << 62, jpeg=jpeg))
    write("mkv-scale-1s-cluster-2e40.mkv", mkv(scale=1_000_000_000, clusters=((1 << 40, 0, 1), ((1 << 40) + 3, 0, 1)), jpeg=jpeg))
    write("mkv-scale-max-cluster-2e33.mkv", mkv(scale=0xFFFFFFFF, clusters=((1 << 33, 0, 1),), jpeg=jpeg))
    write("mkv-cluster-max.mkv", mkv(clusters=((big, 0, 40), (big - 1000, -32768, 32767)), jpeg=jpeg))
    write("mkv-cluster-2e64.mkv", mkv(clusters=(((1 << 64) - 1, 0, 40),), jpeg=jpeg))
    write("mkv-duration-huge.mkv", mkv(duration=1e300, jpeg=jpeg))
    write("mkv-scale-1s-duration-1e12.mkv", mkv(scale=1_000_000_000, duration=1e12, jpeg=jpeg))
    # 2e10 ticks of 4.3 s: 86000 s in microseconds fits, 2e10 times the numerator 858993459 does not.
    write("mkv-scale-max-duration-2e10.mkv", mkv(scale=0xFFFFFFFF, duration=2e10, jpeg=jpeg))
    # A track with no packets has no start, so FFmpeg gives it the container's duration in its
    # own time base: 2e10 ticks, which MediaInfoReader multiplied by 858993459 in Int64.
    write("mkv-idle-track-duration-2e10.mkv", mkv(scale=0xFFFFFFFF, duration=2e10, idle=True, jpeg=jpeg))
    write("mkv-duration-negative.mkv", mkv(duration=-1e18, jpeg=jpeg))
    write("mkv-default-duration-max.mkv", mkv(default_duration=big, jpeg=jpeg))
    write("mkv-block-duration-max.mkv", mkv(scale=1 << 30, block_duration=big, clusters=((1 << 20, 0, 1),), audio=False, jpeg=jpeg))
    write("mkv-backwards-blocks.mkv", mkv(clusters=((1 << 50, 32767, -32767), (0, -32768, 0)), jpeg=jpeg))
    write("mkv-audio-scale-max.mkv", mkv(scale=0xFFFFFFFF, clusters=((1 << 30, 0, 1),), video=False))

    # MP4 (ffmpeg writes version 0 boxes for a file this short): the movie and media clocks,
    # the sample deltas and the edit list, each set to the ends of 32 bits.
    mp4 = ff("s.mp4", "-f", "lavfi", "-i", "testsrc=s=16x16:r=5:d=0.6", "-f", "lavfi", "-i", "sine=r=8000:d=0.6",
             "-c:v", "mjpeg", "-q:v", "31", "-c:a", "aac", "-b:a", "8k", "-ar", "8000", "-ac", "1", "-use_editlist", "1",
             "-movflags", "+faststart")
    mp4a = ff("a.mp4", "-f", "lavfi", "-i", "sine=r=8000:d=0.3", "-c:a", "aac", "-b:a", "8k", "-ac", "1", "-use_editlist", "1")
    trak = ["moov", "trak"]
    mdhd = trak + ["mdia", "mdhd"]
    stts = trak + ["mdia", "minf", "stbl", "stts"]
    elst = trak + ["edts", "elst"]
    variants = {
        "mp4-timescale-1.mp4": [(mdhd, "timescale", 1), (stts, None, 0x7FFFFFFF)],
        "mp4-timescale-max.mp4": [(mdhd, "timescale", 0x7FFFFFFF), (["moov", "mvhd"], "timescale", 0x7FFFFFFF)],
        "mp4-timescale-negative.mp4": [(mdhd, "timescale", 0xFFFFFFFF), (["moov", "mvhd"], "timescale", 0x80000000)],
        "mp4-duration-max.mp4": [(mdhd, "duration", 0xFFFFFFFF), (["moov", "mvhd"], "duration", 0xFFFFFFFE)],
        "mp4-stts-max.mp4": [(stts, None, 0xFFFFFFFF)],
        "mp4-stts-max-timescale-1.mp4": [(stts, None, 0x7FFFFFFF), (mdhd, "timescale", 1), (["moov", "mvhd"], "timescale", 1)],
        "mp4-elst-media-time-max.mp4": [(elst, "media_time", 0x7FFFFFFF)],
        "mp4-elst-duration-max.mp4": [(elst, "duration", 0xFFFFFFFF), (mdhd, "timescale", 1)],
        "mp4-elst-media-time-minus2.mp4": [(elst, "media_time", 0xFFFFFFFE), (stts, None, 0x40000000)],
    }
    for name, patches in variants.items():
        write(name, mp4_patch(mp4, patches))
    write("mp4-aac-elst-huge.mp4", mp4_patch(mp4a, [(elst, "media_time", 0x7FFFFFFF), (mdhd, "timescale", 1)]))
    write("mp4-aac-stts-max.mp4", mp4_patch(mp4a, [(stts, None, 0xFFFFFFFF), (mdhd, "timescale", 0x7FFFFFFF)]))

    # MPEG-TS: 33-bit timestamps at 1/90000 that wrap, jump back and forth, or start just
    # below the wrap (a capture started 26.5 hours into the broadcast's clock).
    ts = ff("s.ts", "-f", "lavfi", "-i", "testsrc=s=16x16:r=25:d=0.2", "-f", "lavfi", "-i", "sine=r=8000:d=0.2",
            "-c:v", "mpeg1video", "-q:v", "31", "-c:a", "mp2", "-b:a", "32k", "-ac", "1", "-ar", "16000")
    wrap = 1 << 33
    write("ts-near-wrap.ts", ts_patch(ts, lambda n, old: wrap - 45000 + (old - 126000)))
    write("ts-wraps-every-other.ts", ts_patch(ts, lambda n, old: (wrap - 1) if n % 2 else 0))
    write("ts-max-then-zero.ts", ts_patch(ts, lambda n, old: wrap - 1 if n < 3 else n))
    write("ts-backwards.ts", ts_patch(ts, lambda n, old: (wrap - 1 - n * 90_000_000) % wrap))
    write("ts-video-wraps-mid.ts", ts_patch(ts, lambda n, old: (wrap - 9000 + n * 3600) % wrap))
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
