#!/usr/bin/env python3
"""Subtitles drawn on the board against ffmpeg's own libass rendering of the same cues (its
`subtitles` filter, DejaVu Sans as on the board). ffmpeg draws each cue once over a black and
once over a white canvas: the pixels the two agree on are the ones the text covers whole (its
fill and outline), with their colours, whatever video is under them. For each writeback
capture, at those pixels: while a cue shows, the capture must have the cue's colours (at least
20 dB PSNR); while none shows, it must not have either cue's (under 15 dB). The run without a
margin is compared with ffmpeg's text on a 640x480 canvas; the run with the default 5 % margin
with ffmpeg's text on a 576x432 canvas placed at 32,24 (the safe area: the text must be laid
out in it as a video of that size); the run preferring French subtitles (a lone player, its
subtitles' layer implied, with the default margin) with ffmpeg's drawing of the WebVTT file
beside the clip on the safe area's canvas; the runs of DVB and PGS bitmap subtitles with ffmpeg's overlay
of the same pictures on the 320x240 clip's canvas (in RGB: no chroma subsampling at their edges),
doubled to the screen with bilinear scaling as playhead does (the two were seen to agree exactly).
The run of CEA-608 captions with ffmpeg's libass drawing of the captions its own decoder reads
from the video (lavfi's movie source, subcc). FFmpeg has no CEA-708 decoder: the run of 708
captions is compared with ffmpeg's libass drawing of the cues the caption tool
(scripts/media/cea608-captions.c) says it wrote, placed by their windows' anchors on the
safe-title area (the middle 80 %) of 608's 384x288 script. A capture is named by its picture's
media time, but it is of the whole screen when that picture was flipped: a picture the display
shows late has the subtitle layer of that later moment over it (CI's arm64 run, before the
trace was kept: a picture of 0.421 s captured under "Bonjour", whose cue starts at 0.5 s; the
board's first pictures were seen up to 166 ms late). So each capture is judged at the media time
it was on screen, its name plus its lateness in the flip trace (vblank less due). Captures are
left out from 60 ms before each cue's start or end to LATE after it (under emulation a
subtitle's flip was seen up to 100 ms late at the start)."""
import math
import pathlib
import subprocess
import sys

from ppm import read_ppm

OUT = pathlib.Path(sys.argv[1])
MEDIA = pathlib.Path(__file__).resolve().parents[3] / "build/media"
CLIP = MEDIA / "two_languages.mkv"
W, H = 640, 480
# Each run: its canvas (width, height, x, y), the subtitles ffmpeg draws, and their cues (start
# and end in the item's milliseconds, the words, the frame of a 25 fps canvas drawn for each).
MUXED = [(521, 2021, "Hello", 25), (2521, 3521, "World", 75)]
BESIDE = [(500, 2000, "Bonjour", 25), (2500, 3500, "le monde", 75)]
STYLE = "FontName=DejaVu Sans"
# How long after its time a change may show: under emulation the guest's first seconds are busy
# and a subtitle's flip was seen 60 to 100 ms late (shown late, never dropped).
LATE = 150
DVB = [(521, 2021, "the cross panel", 25), (2521, 3521, "the bars panel", 75)]
CAPTIONS = [(480, 2000, "HELLO", 25), (2480, 3480, "WORLD", 75)]
# The captions as ffmpeg's own decoder reads them from the video, kept as ASS for its drawing.
CAPTIONS_ASS = OUT / "captions-by-ffmpeg.ass"
subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"movie={MEDIA / 'captions.mp4'}[out+subcc]", "-map", "0:s",
                "-c:s", "ass", str(CAPTIONS_ASS)], check=True)
CAPTIONS_708 = [(480, 2000, "Caf\u00e9 \u266a", 25), (2480, 3000, "LINE ONE", 68), (3000, 3480, "LINE ONE / LINE TWO", 81)]
CAPTIONS_708_ASS = OUT / "captions-708-expected.ass"
CAPTIONS_708_ASS.write_text("""[Script Info]
ScriptType: v4.00+
PlayResX: 384
PlayResY: 288
ScaledBorderAndShadow: yes

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Monospace,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,3,1,0,2,10,10,10,0

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.48,0:00:02.00,Default,,0,0,0,,{\\an2\\pos(192,236)}Caf\u00e9 \u266a
Dialogue: 0,0:00:02.48,0:00:03.00,Default,,0,0,0,,{\\an7\\pos(77,60)}LINE ONE
Dialogue: 0,0:00:03.00,0:00:03.48,Default,,0,0,0,,{\\an7\\pos(77,60)}LINE ONE\\NLINE TWO
""", encoding="utf-8")
RUNS = {"subs-flat": ((W, H, 0, 0), CLIP, MUXED), "subs-safe": ((576, 432, 32, 24), CLIP, MUXED),
        "subs-file": ((576, 432, 32, 24), MEDIA / "two_languages.fr.vtt", BESIDE),
        "subs-dvb": (None, MEDIA / "dvb_subtitles.mkv", DVB), "subs-pgs": (None, MEDIA / "pgs_subtitles.mkv", DVB),
        "subs-cc": ((W, H, 0, 0), CAPTIONS_ASS, CAPTIONS), "subs-708": ((W, H, 0, 0), CAPTIONS_708_ASS, CAPTIONS_708)}
# The arm64 board leaves out the runs that prove nothing its FFmpeg does (the scenario says why).
if (OUT / "board-arch").read_text().strip() == "arm64":
    for run in ("subs-safe", "subs-708"):
        del RUNS[run]


def ffmpeg_frames(command):
    raw = subprocess.run(["ffmpeg", "-v", "error"] + command + ["-vsync", "0", "-pix_fmt", "rgb24", "-f", "rawvideo", "-"],
                         capture_output=True, check=True).stdout
    size = W * H * 3
    return [raw[i:i + size] for i in range(0, len(raw), size)]


def agreed(frames):
    """{pixel index: (r, g, b)} where the black and the white canvas's drawings agree."""
    return [{i: tuple(black[i * 3:i * 3 + 3]) for i in range(W * H)
             if all(abs(black[i * 3 + c] - white[i * 3 + c]) <= 2 for c in range(3))}
            for black, white in zip(frames["black"], frames["white"])]


def text_pixels(width, height, x, y, subtitles, cues):
    """For each cue: {pixel index: (r, g, b)} where the text covers the screen whole."""
    select = "+".join(f"eq(n\\,{c[3]})" for c in cues)
    return agreed({canvas: ffmpeg_frames(["-f", "lavfi", "-i", f"color={canvas}:size={width}x{height}:rate=25:duration=4", "-vf",
                                          f"subtitles=filename={subtitles}:force_style='{STYLE}',select='{select}',"
                                          f"pad={W}:{H}:{x}:{y}:color={canvas}"])
                   for canvas in ("black", "white")})


def picture_pixels(clip, cues):
    """For each cue: the pixels a bitmap subtitle covers whole, by ffmpeg's overlay."""
    select = "+".join(f"eq(n\\,{c[3]})" for c in cues)
    return agreed({canvas: ffmpeg_frames(["-f", "lavfi", "-i", f"color={canvas}:size=320x240:rate=25:duration=4", "-i", str(clip),
                                          "-filter_complex", f"[0:v]format=rgb24[c];[c][1:s]overlay=format=rgb,select='{select}',"
                                          f"scale={W}:{H}:flags=bilinear"])
                   for canvas in ("black", "white")})


def psnr(got, mask):
    squared = sum((got[i * 3 + c] - v[c]) ** 2 for i, v in mask.items() for c in range(3))
    return 99.0 if squared == 0 else 10 * math.log10(255 * 255 / (squared / (3 * len(mask))))


def on_screen(run):
    """{picture's media time in ms: how much later than due it was shown, in ms} by the flip trace."""
    late = {}
    for line in (OUT / f"{run}.flips").read_text().splitlines():
        if line.startswith("flip "):
            f = dict(kv.split("=", 1) for kv in line.split()[1:])
            late[round(float(f["pts"]) * 1000)] = round((float(f["vblank"]) - float(f["due"])) * 1000)
    return late


def expected(ms, cues):
    """The index of the cue shown at `ms`, -1 for none, None too near a change to say."""
    for n, (start, end, _, _) in enumerate(cues):
        if -60 < ms - start < LATE or -60 < ms - end < LATE:
            return None
        if start <= ms < end:
            return n
    return -1


failures = 0
for run, (canvas, subtitles, cues) in RUNS.items():
    masks = text_pixels(*canvas, subtitles, cues) if canvas else picture_pixels(subtitles, cues)
    if len(masks) != len(cues) or any(len(m) < 100 for m in masks):
        print(f"{run}: ffmpeg drew {[len(m) for m in masks]} covering pixels for the cues")
        failures += 1
        continue
    seen = {n: 0 for n in range(-1, len(cues))}
    late = on_screen(run)
    for ppm in sorted((OUT / f"frames-{run}").glob("frame-*.ppm"), key=lambda p: int(p.stem.split("-")[1])):
        pts = int(ppm.stem.split("-")[1])
        if pts not in late:
            print(f"FAIL: {run}/{ppm.name}: no flip of that picture in the flip trace")
            failures += 1
            continue
        ms = pts + late[pts]
        want = expected(ms, cues)
        if want is None or ms > 4000:
            continue
        width, height, got = read_ppm(ppm)
        if (width, height) != (W, H):
            print(f"{run}/{ppm.name}: {width}x{height}, not {W}x{H}")
            failures += 1
            continue
        scores = [psnr(got, m) for m in masks]
        ok = all(s < 15 for s in scores) if want < 0 else scores[want] >= 20
        seen[want] += 1
        failures += not ok
        # A wrong capture's line begins with FAIL: so that the run's last line says it.
        print(f"{'' if ok else 'FAIL: '}{run}/{ppm.name} (on screen at {ms} ms): {cues[want][2] if want >= 0 else 'no cue'}; "
              + "at the pixels ffmpeg's drawing "
              + "of each covers: " + ", ".join(f"{c[2]} {s:.1f} dB" for c, s in zip(cues, scores)) + ("" if ok else "  <-- wrong"))
    for n, count in seen.items():
        if count == 0:
            print(f"FAIL: {run}: no capture while {cues[n][2] if n >= 0 else 'no cue'} showed")
            failures += 1
    print(f"43-subtitles: {run}: " + ", ".join(f"{count} captures with {cues[n][2] if n >= 0 else 'none'}" for n, count in seen.items()))
print(f"43-subtitles: {failures} wrong")
sys.exit(1 if failures else 0)
