"""`boot.py --mode bench`: the board's benchmark (make bench): playhead's display, A/V, button
and decode figures from the guest's BENCH lines, and the peers' (mpv, GStreamer) beside them.
Python's standard library only."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

import layers_bench
import screen_bench
import peers
from http_poller import Poller
from guest import run_guest, show_tail
from machine import qemu_command
from qemu_console import log_lines


def number(text, name):
    value = None
    for part in text.split():
        if part.startswith(name + "="):
            value = part[len(name) + 1:]
    if value is None:
        return None
    digits = "".join(c for c in value if c.isdigit() or c == ".")
    return float(digits) if digits else None


def http_report(logged, poller, boot):
    """Frames on vkms with the HTTP API on, unpolled and polled, side by side."""
    runs = {}
    for t in logged:
        if t.startswith("BENCH-HTTP "):
            runs[t.split()[1].split("=")[1]] = t
    if not boot.in_time or set(runs) != {"quiet", "polled"}:
        print("board bench: the guest did not report both HTTP runs", file=sys.stderr)
        show_tail(boot.tail)
        return 1
    print("board remote-control benchmark (bench_360p30.mp4, 300 frames on vkms under TCG, the HTTP API on):")
    for phase in ("quiet", "polled"):
        line = runs[phase]
        print(f"  {phase:7s} presented {number(line, 'presented'):.0f}, dropped {number(line, 'dropped'):.0f},"
              f" late {number(line, 'late'):.0f}, CPU {number(line, 'cpu-per-presented-frame'):.0f} us per presented frame")
    quiet, polled = (number(runs[p], "presented") for p in ("quiet", "polled"))
    print(f"  presented polled/quiet = {polled / quiet:.3f}; the client: {poller.summary()}"
          " (failures are the requests after the clip ended and playhead with it)")
    return 0 if poller.answered > 0 else 1


def bench(args):
    """The display benchmark on the board: playhead on vkms against ffmpeg's decode speed."""
    if args.only in ("peers", "loop") and args.arch != "x86_64":
        sys.exit(f"board bench: the peers run from the host's x86_64 root; run 'make bench ONLY={args.only}' without ARCH")
    share = pathlib.Path(args.share).resolve()
    (share / "media").mkdir(parents=True, exist_ok=True)
    for clip in ("bench_360p30.mp4", "bench_720p30.mp4", "bench_av_240p30.mp4", "loop_1s.mp4", "black_480p.mp4"):
        shutil.copy(pathlib.Path(args.media) / clip, share / "media" / clip)
    # GStreamer's plugin registry, made here: a scan under emulation takes 15 s per start.
    if shutil.which("gst-inspect-1.0"):
        subprocess.run(["gst-inspect-1.0"], env={**os.environ, "GST_REGISTRY": str(share / "gst-registry.bin")},
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    command = qemu_command(args, share)
    poller = Poller((share / "http-port").read_text().strip(), "bench-http-token-0123456789")
    boot = run_guest(command, args.log, lambda t: t.startswith(("BENCH", "board:")), args.timeout,
                     "BOARD-DONE", progress=lambda t: poller.on_line(t))
    logged = log_lines(args.log)
    if args.only == "http":
        return http_report(logged, poller, boot)
    if args.only == "layers":
        for line in layers_bench.report([t for t in logged if t.startswith("BENCH-LAYERS ")]):
            print(line)
        return 0 if boot.in_time else 1
    if args.only == "screen":
        for line in screen_bench.report([t for t in logged if t.startswith("BENCH-SCREEN ")]):
            print(line)
        return 0 if boot.in_time else 1
    if args.only in ("peers", "loop"):
        for line in peers.report(share, [t for t in logged if t.startswith("BENCH-PEER")]):
            print(line)
        return 0 if boot.in_time else 1
    decode = decode_report([t for t in logged if t.startswith("BENCH-DECODE ")])
    for line in decode:
        print(line)
    lines = [t for t in logged if t.startswith("BENCH ")]
    if not boot.in_time or len(lines) != 2 or len(decode) != 4:
        print("board bench: the guest did not report both clips", file=sys.stderr)
        show_tail(boot.tail)
        return 1
    print("board display benchmark (vkms under TCG; 10 s clips, 300 frames each):")
    for line in lines:
        clip = line.split()[1]
        frames = 300
        rtime = number(line, "ffmpeg-rtime") or 0
        decode_speed = 10.0 / rtime if rtime else 0
        forced = max(0, round(frames * (1 - min(1.0, decode_speed))))
        presented, dropped, late = number(line, "presented"), number(line, "dropped"), number(line, "late")
        print(f"  {clip} mode={line.split()[2].split('=')[1]}: ffmpeg decode alone {decode_speed:.2f}x real time"
              f" (forces {forced} drops); playhead presented {presented:.0f}, dropped {frames - presented:.0f}"
              f" (sink {dropped:.0f}), late {late:.0f}, last frame {number(line, 'last'):.0f} ms after its time,"
              f" first frame {number(line, 'first-frame'):.0f} ms, CPU {number(line, 'cpu-per-presented-frame'):.0f} us"
              f" per presented frame, peak RSS {number(line, 'peak-rss'):.0f} MB")
    av = [t for t in logged if t.startswith("BENCH-AV ")]
    if not av:
        print("board bench: no A/V result (see the console log)", file=sys.stderr)
        return 1
    line = av[0]
    found = re.search(r"flip-delay mean=(-?\d+)ms worst=(-?\d+)ms last=(-?\d+)ms", line)
    mean, worst, last = (int(g) for g in found.groups()) if found else (None, None, None)
    print("board A/V benchmark (5 min, 320x240 on vkms with sound through ALSA to the loopback card):")
    print(f"  picture against the audio clock (vblank minus due time): mean {mean} ms,"
          f" worst {worst} ms, last {last} ms;"
          f" presented {number(line, 'presented'):.0f}, dropped {number(line, 'dropped'):.0f}")
    print(f"  sound: underruns {number(line, 'underruns'):.0f}, suspends {number(line, 'suspends'):.0f},"
          f" audio thread CPU {number(line, 'audio-thread-cpu'):.0f} ms per second of sound")
    for line in layers_bench.report([t for t in logged if t.startswith("BENCH-LAYERS ")]):
        print(line)
    for line in screen_bench.report([t for t in logged if t.startswith("BENCH-SCREEN ")]):
        print(line)
    buttons = [t for t in logged if t.startswith("BENCH-GPIO")]
    if not buttons:
        print("board bench: no button latency (see the console log)", file=sys.stderr)
        return 1
    found = dict(re.findall(r'debounce-(\d+)="([^"]*)"', buttons[0]))
    print("board button benchmark (20 presses of a gpio-sim line mapped to toggle; the kernel's edge timestamp"
          " to the command carried out):")
    for debounce, text in sorted(found.items(), key=lambda kv: -int(kv[0])):
        print(f"  debounce {debounce} ms: {text}")
    skipped = [t for t in logged if t.startswith("BENCH-PEER-SKIPPED")]
    if skipped:
        print("board peers: " + skipped[0].split(" ", 1)[1])
        return 0
    for line in peers.report(share, [t for t in logged if t.startswith("BENCH-PEER")]):
        print(line)
    return 0


def decode_report(lines):
    """The guest's decode comparison: per clip the best of three wall times and the largest peak
    memory of each, as frames per second and as ratios of playhead to ffmpeg. Empty unless both
    clips have three whole runs. Last, the board's decode capacity for its options file: H.264
    pixels a second that playhead decoded, from the slower clip (its start included)."""
    report = ["board decode benchmark (in the guest, no display or sound device; best of 3, taken in turn):"]
    pixels = {"bench_360p30.mp4": 640 * 360, "bench_720p30.mp4": 1280 * 720}
    capacity = []
    for line in lines:
        clip = line.split()[1]
        runs = re.findall(r"ffmpeg-cs=(\d+) ffmpeg-rss-kb=(\d+) playhead-cs=(\d+) playhead-rss-mb=(\d+)"
                          r" playhead-frames=(\d+)", line)
        if len(runs) != 3:
            print(f"board bench: {clip}: {len(runs)} of 3 decode runs (see the console log)", file=sys.stderr)
            return []
        ff = min(int(r[0]) for r in runs) / 100
        ph = min(int(r[2]) for r in runs) / 100
        ff_mb = max(int(r[1]) for r in runs) / 1024
        ph_mb = max(int(r[3]) for r in runs)
        frames = int(runs[0][4])
        if not ff or not ph or not frames:
            print(f"board bench: {clip}: an empty decode run (see the console log)", file=sys.stderr)
            return []
        report.append(f"  {clip}: ffmpeg {frames / ff:.1f} fps, peak {ff_mb:.0f} MB; playhead {frames / ph:.1f} fps,"
                      f" peak {ph_mb} MB ({frames} frames); decode speed ratio (playhead/ffmpeg) {ff / ph:.2f},"
                      f" peak memory ratio {ph_mb / ff_mb:.2f}")
        if clip in pixels:
            capacity.append(frames * pixels[clip] / ph)
    if len(report) != 3 or len(capacity) != 2:
        return []
    report.append(f"  this board's decode capacity, for its options file: decode-capacity = h264={min(capacity) / 1e6:.1f}M")
    return report
