#!/usr/bin/env python3
"""Decode speed and peak memory of playhead against ffmpeg on the same clip, side by side."""
import os, subprocess, sys, time

def run(cmd):
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    err = p.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: {cmd[0]} failed: {err[-500:]}")
    return wall, usage.ru_maxrss / 1024

def main():
    threads = os.cpu_count() or 2
    clip = "build/media/bench_1080p30.mp4"
    binpath = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], text=True).strip()
    frames = int(subprocess.check_output(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
        "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", clip], text=True).strip())
    ref = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-threads", str(threads), "-i", clip, "-f", "null", "-"]
    ph = [f"{binpath}/playhead", "--untimed", "--video-output", "null", "--audio-output", "null",
          "--decode-threads", str(threads), "--events", "none", clip]
    best = {"ffmpeg": (1e9, 0), "playhead": (1e9, 0)}
    for _ in range(3):
        for name, cmd in (("ffmpeg", ref), ("playhead", ph)):
            wall, mem = run(cmd)
            best[name] = (min(best[name][0], wall), max(best[name][1], mem))
    for name, (wall, mem) in best.items():
        print(f"{name:9s} {frames / wall:8.1f} fps  peak {mem:7.1f} MB  ({frames} frames, {threads} threads)")
    speed = (frames / best["playhead"][0]) / (frames / best["ffmpeg"][0])
    memory = best["playhead"][1] / best["ffmpeg"][1]
    print(f"decode speed ratio (playhead/ffmpeg) = {speed:.2f} (target >= 0.95) {'MET' if speed >= 0.95 else 'MISSED'}")
    print(f"peak memory ratio (playhead/ffmpeg) = {memory:.2f}")

main()
