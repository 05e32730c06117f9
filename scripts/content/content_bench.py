#!/usr/bin/env python3
"""What a content download costs playback (issue 36: "downloads never cost a frame"), side by
side in one run: playhead plays the 1080p30 bench clip in real time (null outputs, so decoding
and pacing are real and nothing waits on a device) pinned to one core, and the same player then
downloads and verifies a large file from a local server at loopback speed on that same core.
The window without a download and the window of the download are equally long; the figures
are the pictures dropped and late (the engine's own counters), the player's CPU and the
ph-content thread's. Usage: content_bench.py PLAYHEAD MEDIA OUT"""
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from control_socket import ask  # noqa: E402

BIG_MB = int(os.environ.get("CONTENT_BENCH_MB", "768"))
CLIP = "bench_1080p30.mp4"
TICKS = os.sysconf("SC_CLK_TCK")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def counters(sock):
    reply = ask(sock, "status")
    found = {}

    def walk(value):
        if isinstance(value, dict):
            for k, v in value.items():
                if k in ("dropped", "late") and isinstance(v, int):
                    found[k] = v
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(reply)
    return found.get("dropped", 0), found.get("late", 0)


def cpu_seconds(pid, thread_name=None):
    """CPU time (user + system) of the process, or of its threads named `thread_name`."""
    total = 0
    if thread_name is None:
        paths = [f"/proc/{pid}/stat"]
    else:
        paths = []
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                if f.read().strip() == thread_name:
                    paths.append(f"/proc/{pid}/task/{tid}/stat")
    for path in paths:
        with open(path) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / TICKS


def sample(sock, pid):
    dropped, late = counters(sock)
    return {"t": time.monotonic(), "dropped": dropped, "late": late, "cpu": cpu_seconds(pid)}


def window(a, b, content_cpu=0.0):
    seconds = b["t"] - a["t"]
    return {"seconds": seconds, "dropped": b["dropped"] - a["dropped"], "late": b["late"] - a["late"],
            "cpu": (b["cpu"] - a["cpu"]) / seconds, "content_cpu": content_cpu / seconds}


def main():
    playhead, media, out = [os.path.abspath(a) for a in sys.argv[1:4]]
    if len(os.sched_getaffinity(0)) < 2:
        sys.exit("content-bench: needs two cores (the player on one, the server on the other)")
    shutil.rmtree(out, ignore_errors=True)
    www, content = f"{out}/www", f"{out}/content"
    os.makedirs(www)
    os.makedirs(content)
    shutil.copyfile(f"{media}/{CLIP}", f"{www}/{CLIP}")
    digest = hashlib.sha256()
    with open(f"{www}/big.bin", "wb") as f:
        for _ in range(BIG_MB):
            chunk = os.urandom(1 << 20)
            digest.update(chunk)
            f.write(chunk)
    files = [{"path": CLIP, "size": os.path.getsize(f"{www}/{CLIP}"),
              "sha256": hashlib.sha256(open(f"{www}/{CLIP}", "rb").read()).hexdigest()},
             {"path": "big.bin", "size": BIG_MB << 20, "sha256": digest.hexdigest()}]
    # The player on core 0, this script and its server on core 1: the download's cost lands on
    # the player's own core, where only its priority keeps it from costing a frame.
    os.sched_setaffinity(0, {1})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: Quiet(*a, directory=www))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/manifest.json"
    sock = f"{out}/playhead.sock"
    log = open(f"{out}/playhead.log", "w")
    proc = subprocess.Popen(["taskset", "-c", "0", playhead, "--video-output", "null", "--audio-output", "null",
                             "--socket", sock, "--console", "off", "--loop", "yes", "--syslog", "no",
                             "--clock-file", f"{out}/no-clock", "--content-url", url, "--content-dir", content,
                             "--content-interval", "86400", "--content-limit", str(BIG_MB * 3), f"{media}/{CLIP}"],
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        ask(sock, "status", retry_seconds=10)
        time.sleep(3)  # past the first item's start, whose decode warm-up is no download's doing
        # The download first (its length sets the windows), then the same time without one.
        with open(f"{www}/manifest.json", "w") as f:
            json.dump({"files": files, "playlist": [CLIP]}, f)
        before = sample(sock, proc.pid)
        ask(sock, "sync")
        deadline = time.monotonic() + 600
        while not os.path.isdir(f"{content}/gen-1"):
            if time.monotonic() > deadline or proc.poll() is not None:
                sys.exit("content-bench: the download did not complete within 600 s")
            content_cpu = cpu_seconds(proc.pid, "ph-content")
            time.sleep(0.05)
        during = window(before, sample(sock, proc.pid), content_cpu)
        time.sleep(2)  # the switch to generation 1 happens at the next item boundary
        quiet_start = sample(sock, proc.pid)
        time.sleep(during["seconds"])
        quiet = window(quiet_start, sample(sock, proc.pid))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()
        server.shutdown()
    if not os.path.exists(f"{content}/gen-1/big.bin"):
        sys.exit("content-bench: generation 1 lacks big.bin")
    shutil.rmtree(out, ignore_errors=True)
    speed = BIG_MB / during["seconds"]
    print(f"{'window':22s} {'seconds':>8s} {'dropped':>8s} {'late':>6s} {'player CPU':>11s} {'ph-content CPU':>15s}")
    for name, w in (("no download", quiet), (f"{BIG_MB} MB download", during)):
        print(f"{name:22s} {w['seconds']:8.1f} {w['dropped']:8d} {w['late']:6d} {w['cpu'] * 100:10.0f}% {w['content_cpu'] * 100:14.0f}%")
    frames = 30 * during["seconds"]
    print(f"download: {speed:.0f} MB/s verified, at nice 19 on the player's one core; pictures dropped or late "
          f"per 1000 shown: {1000 * (quiet['dropped'] + quiet['late']) / frames:.1f} without, "
          f"{1000 * (during['dropped'] + during['late']) / frames:.1f} with the download")


main()
