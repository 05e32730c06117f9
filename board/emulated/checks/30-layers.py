#!/usr/bin/env python3
"""Each screen captured while three layers played shows each layer's picture in its frame: the
demo clip (the bottom layer, full screen, fit) where no layer covers it, matching ffmpeg's decode
of the frame at the capture's media time; the two clips in their quarters each matching one of
their own frames as ffmpeg decodes them (their media times are their own players'). PSNR at
least 35 dB in every part. The bottom-right layer alternates its clip with a still picture: each capture
shows one of them there (which one depends on when the capture fell; the picture's 1 s is
checked in the layer's events by the scenario). The image= overlay on top (a PNG whose alpha runs from clear to
opaque) matches ffmpeg's decode of it blended over the demo's frame as a plane blends (or, in at
most two captures, while the scenario hides it, the demo alone):
colour times alpha, plus what is under it times one less alpha. The two text layers in the bottom
bar match the same lines drawn on the host (textcheck.py). And the two heard layers' sound, mixed at their levels (mixcheck.py)."""
import pathlib
import sys

from layercheck import best_match, decode, frames_of, over, psnr, region
from mixcheck import check as check_mix, own_card
from ppm import read_ppm
from textcheck import TextCheck

OUT = pathlib.Path(sys.argv[1])
MEDIA = pathlib.Path(__file__).resolve().parents[3] / "build/media"
W, H = 640, 480


LEFT, RIGHT = (0, 0, 320, 240), (320, 240, 320, 240)
# The title layer covers the bottom 60 rows of the bottom-right quarter: the clip is checked above it.
RIGHT_SEEN, CAPTION = (320, 240, 320, 180), (320, 420, 320, 60)
SEEN_BYTES = 320 * 180 * 3
# Where only the bottom layer shows: the demo (640x360 fit at y 60) beside the two quarters.
BG_PARTS = [(320, 90, 320, 150), (0, 240, 320, 180)]
LOGO = (400, 30, 120, 60)
CLOCK, HELLO = (0, 420, 160, 60), (160, 420, 160, 60)
texts = TextCheck(OUT)
left_frames = frames_of(MEDIA / "h264_aac.mp4", LEFT)
right_frames = [f[:SEEN_BYTES] for f in frames_of(MEDIA / "loop_1s.mp4", RIGHT)]
still = frames_of(MEDIA / "still.png", RIGHT)[0][:SEEN_BYTES]
shown_titles = set()
shown_right = set()
logo_rgba = decode(MEDIA / "logo_alpha.png", "null", "rgba")


demo = decode(MEDIA / "demo.mp4", f"scale=640:360:flags=fast_bilinear,pad={W}:{H}:0:60:black")
demo_frames = [demo[i:i + W * H * 3] for i in range(0, len(demo), W * H * 3)]

captures = sorted((OUT / "frames-layers").glob("frame-*.ppm"))
logo_hidden = 0
failures = 0 if len(captures) >= 2 else 1
for ppm in captures:
    width, height, got = read_ppm(ppm)
    assert (width, height) == (W, H), f"{ppm.name} is {width}x{height}"
    index = min(round(int(ppm.stem.split("-")[1]) * 25 / 1000), len(demo_frames) - 1)
    right = region(got, W, RIGHT_SEEN)
    clip_score, still_score = best_match(right, right_frames, RIGHT_SEEN), psnr(right, still)
    shown_right.add("still" if still_score > clip_score else "clip")
    scores = {"left": best_match(region(got, W, LEFT), left_frames, LEFT),
              f"right ({'still' if still_score > clip_score else 'clip'})": max(clip_score, still_score)}
    for n, part in enumerate(BG_PARTS):
        scores[f"bg{n}"] = psnr(region(got, W, part), region(demo_frames[index], W, part))
    scores.update(texts.scores(region(got, W, HELLO), region(got, W, CLOCK)))
    title, title_score = texts.title(region(got, W, CAPTION))
    scores[f"title ({title})"] = title_score
    shown_titles.add(title)
    under = region(demo_frames[index], W, LOGO)
    logo, bare = psnr(region(got, W, LOGO), over(logo_rgba, under)), psnr(region(got, W, LOGO), under)
    # The scenario hides the logo for a moment (`layer logo hide`): a capture then may show the
    # demo alone there, counted below.
    scores["logo" if logo >= bare else "logo (hidden)"] = max(logo, bare)
    logo_hidden += bare > logo
    # The fourth layer (its file not media) stays black in the top letterbox bar.
    bad = region(got, W, (560, 0, 80, 40))
    scores["bad black"] = 99.0 if not any(bad) else 0.0
    ok = all(s >= 35 for s in scores.values())
    failures += not ok
    print(f"{ppm.name}: " + ", ".join(f"{k} {v:.1f} dB" for k, v in scores.items()) + (" ok" if ok else " FAIL"))
print(f"the bottom-right layer showed: {', '.join(sorted(shown_right))}")
print(f"its title layer showed: {', '.join(sorted(shown_titles))}")
print(f"the logo was hidden in {logo_hidden} of {len(captures)} captures (at most 2: it is hidden for a moment)")
failures += logo_hidden > 2
failures += not check_mix(OUT / "layers-sound.wav", MEDIA / "demo.mp4", MEDIA / "h264_aac.mp4")
failures += not own_card(OUT / "layers-own-card.wav", MEDIA / "loop_1s.mp4")
sys.exit(1 if failures else 0)
