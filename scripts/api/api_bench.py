#!/usr/bin/env python3
"""Requests per second the HTTP API answers on the host (wrk, 8 keep-alive connections), side
by side with Debian's nginx serving the same bytes as a static file, the reference for what a
server on this machine answers for that payload: /api/status (the router's status, built per
request) and /metrics (read from the player and the board per request).

usage: api_bench.py PLAYHEAD MEDIA OUT"""
import os, re, signal, socket, subprocess, sys, time, urllib.request

TOKEN = "api-bench-token-0123456789"
SECONDS = 5


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url, token=None):
    req = urllib.request.Request(url)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.read()


def wait_for(url, token=None):
    for _ in range(200):
        try:
            return get(url, token)
        except OSError:
            time.sleep(0.05)
    sys.exit(f"api-bench: {url} did not answer")


def wrk(url, token=None):
    cmd = ["wrk", "-t", "2", "-c", "8", "-d", f"{SECONDS}s", "--latency", url]
    if token:
        cmd[1:1] = ["-H", f"Authorization: Bearer {token}"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(\w+)", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        sys.exit(f"api-bench: {errors.group(1)} requests to {url} failed")
    return rps, p99.group(1) + p99.group(2)


def main():
    playhead, media, out = [os.path.abspath(a) for a in sys.argv[1:4]]
    os.makedirs(out + "/static", exist_ok=True)
    with open(out + "/token", "w") as f:
        f.write(TOKEN + "\n")
    port, ref_port = free_port(), free_port()
    ph = subprocess.Popen([playhead, "--http-listen", f"127.0.0.1:{port}", "--http-token-file", out + "/token",
                           "--at-end", "wait", "--console", "off", "--loop", "yes", "--syslog", "no", "--events", "none",
                           "--log-level", "warning", media + "/demo.mp4"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    nginx = None
    try:
        for path in ("/api/status", "/metrics"):
            body = wait_for(base + path, TOKEN)
            with open(out + "/static/" + path.rsplit("/", 1)[1], "wb") as f:
                f.write(body)
        with open(out + "/nginx.conf", "w") as f:
            f.write(f"daemon off; worker_processes 1; user root; pid {out}/nginx.pid; error_log stderr;\n"
                    f"events {{}}\nhttp {{ access_log off; server {{ listen 127.0.0.1:{ref_port}; root {out}/static; }} }}\n")
        nginx = subprocess.Popen(["nginx", "-c", out + "/nginx.conf", "-p", out], stderr=subprocess.DEVNULL)
        wait_for(f"http://127.0.0.1:{ref_port}/status")
        print(f"{'request':14s} {'playhead':>12s} {'p99':>9s} {'nginx static':>13s} {'p99':>9s} {'ratio':>6s}")
        for path, static in (("/api/status", "/status"), ("/metrics", "/metrics")):
            rps, p99 = wrk(base + path, TOKEN)
            ref, ref99 = wrk(f"http://127.0.0.1:{ref_port}{static}")
            print(f"{path:14s} {rps:10.0f}/s {p99:>9s} {ref:11.0f}/s {ref99:>9s} {rps / ref:6.2f}")
        print(f"(wrk, 2 threads, 8 keep-alive connections, {SECONDS} s each; nginx with 1 worker; one machine of "
              f"{os.cpu_count()} cores shared by client and server)")
    finally:
        for p in (ph, nginx):
            if p and p.poll() is None:
                p.send_signal(signal.SIGTERM)
                p.wait(timeout=10)


main()
