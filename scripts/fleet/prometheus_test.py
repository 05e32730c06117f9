#!/usr/bin/env python3
"""Fleet health on Debian's Prometheus (issue 36): two real playheads (null outputs) with the
HTTP API on loopback, and a Prometheus server started here from docs/fleet/prometheus.yml and
playhead-alerts.yml (targets, token file and intervals put in for the test). A query returns
both players' series; the alert rules load; a player stopped shows as down. Usage:
prometheus_test.py PLAYHEAD MEDIA OUT"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "..", "docs", "fleet")
TOKEN = "fleet-test-token-0123456789"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fail(why):
    sys.exit(f"prometheus-test: {why}")


def query(base, expr):
    url = f"{base}/api/v1/query?" + urllib.parse.urlencode({"query": expr})
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.load(r)["data"]["result"]


def wait_for(what, check, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            result = check()
            if result:
                return result
        except OSError:
            pass
        time.sleep(0.25)
    fail(f"{what} did not happen within {seconds} s")


def main():
    playhead, media, out = sys.argv[1:4]
    # Prometheus reads the token file's path from its configuration's folder.
    out = os.path.abspath(out)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    started = time.monotonic()
    token_file = f"{out}/token"
    with open(token_file, "w") as f:
        f.write(TOKEN + "\n")
    os.chmod(token_file, 0o600)
    ports = [free_port(), free_port()]
    players = []
    for i, port in enumerate(ports):
        log = open(f"{out}/player-{i}.log", "w")
        players.append(subprocess.Popen([playhead, "--video-output", "null", "--audio-output", "null", "--http-listen", f"127.0.0.1:{port}",
                                          "--http-token-file", token_file, "--at-end", "wait", "--console", "off", "--loop", "yes",
                                          "--syslog", "no", "--clock-file", f"{out}/no-clock", f"{media}/h264_aac.mp4"],
                                         stdout=log, stderr=subprocess.STDOUT))
    # The samples as a site would use them: its targets, its token file, shorter intervals.
    with open(os.path.join(SAMPLES, "prometheus.yml")) as f:
        config = f.read()
    targets = ", ".join(f'"127.0.0.1:{p}"' for p in ports)
    config = config.replace('["lobby-1.example.net:8080", "lobby-2.example.net:8080"]', f"[{targets}]")
    config = config.replace("/etc/prometheus/playhead-token", token_file).replace("15s", "1s")
    if targets not in config or token_file not in config:
        fail("docs/fleet/prometheus.yml no longer has the lines this test fills in")
    with open(f"{out}/prometheus.yml", "w") as f:
        f.write(config)
    shutil.copyfile(os.path.join(SAMPLES, "playhead-alerts.yml"), f"{out}/playhead-alerts.yml")
    subprocess.run(["promtool", "check", "config", f"{out}/prometheus.yml"], check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    prom_log = open(f"{out}/prometheus.log", "w")
    prom = subprocess.Popen(["prometheus", f"--config.file={out}/prometheus.yml", f"--storage.tsdb.path={out}/data",
                             f"--web.listen-address=127.0.0.1:{port}"], stdout=prom_log, stderr=subprocess.STDOUT)
    try:
        up = wait_for("both players scraped", lambda: [r for r in query(base, 'up{job="playhead"}') if r["value"][1] == "1"]
                      if len([r for r in query(base, 'up{job="playhead"}') if r["value"][1] == "1"]) == 2 else None, 30)
        print(f"prometheus-test: up: {sorted(r['metric']['instance'] for r in up)} {time.monotonic() - started:.1f} s after start")
        starts = wait_for("item starts from both", lambda: q if len(q := query(base, "playhead_item_starts_total")) == 2 else None, 15)
        print("prometheus-test: playhead_item_starts_total: " + ", ".join(f"{r['metric']['instance']}={r['value'][1]}" for r in starts))
        with urllib.request.urlopen(f"{base}/api/v1/rules", timeout=5) as r:
            rules = [rule["name"] for g in json.load(r)["data"]["groups"] for rule in g["rules"]]
        print(f"prometheus-test: alert rules loaded: {', '.join(rules)}")
        if "PlayerOffline" not in rules or len(rules) < 5:
            fail("the sample alert rules did not load")
        players[1].terminate()
        players[1].wait(timeout=10)
        down = wait_for("the stopped player down", lambda: q if (q := query(base, 'up{job="playhead"} == 0')) else None, 15)
        print(f"prometheus-test: down after it stopped: {[r['metric']['instance'] for r in down]}")
        if down[0]["metric"]["instance"] != f"127.0.0.1:{ports[1]}":
            fail("the wrong player shows as down")
    finally:
        prom.terminate()
        prom.wait(timeout=10)
        for p in players:
            if p.poll() is None:
                p.terminate()
                p.wait(timeout=10)
    print(f"prometheus-test: PASS in {time.monotonic() - started:.0f} s")


main()
