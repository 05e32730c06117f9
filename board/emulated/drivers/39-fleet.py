#!/usr/bin/env python3
"""Board scenario 39's host side: Debian's mosquitto and a content server on the host's loopback
(the guest reaches both as 10.0.2.2 through QEMU's user network). Serves generation 1's manifest
at once; when the guest writes OUT/39-fleet.want-2, publishes generation 2 (its new file served
slowly, 64 KB a second), sends `sync` to the player over MQTT with a response topic, and once
150 KB of the new file went out cuts the guest's cable (QEMU's `set_link net0 off`) for 6 s and
restores it. Writes what it saw to OUT/39-fleet.host.txt: the file's requests with their start
byte, the cut, the reply to `sync`, the player's retained `online`. Serves until the guest
writes OUT/39-fleet.guest.done or three minutes pass. Usage: 39-fleet.py TTYS1 MONITOR OUT"""
import hashlib
import http.server
import json
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from qemu_monitor import monitor

_tty, mon, out = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
root = pathlib.Path(__file__).resolve().parents[3]
media = root / "build" / "media"
www = pathlib.Path(tempfile.mkdtemp(prefix="ph-39-"))
seen = []
sent = {"b.mp4": 0}
lock = threading.Lock()


def note(line):
    """Said, and the whole record written again: the guest reads it whenever it is done."""
    print(line, flush=True)
    with lock:
        seen.append(line)
        (out / "39-fleet.host.txt").write_text("\n".join(seen) + "\n")


def publish(files, playlist):
    entries = []
    for name, source in files.items():
        shutil.copyfile(media / source, www / name)
        data = (www / name).read_bytes()
        entries.append({"path": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    (www / "manifest.json").write_text(json.dumps({"files": entries, "playlist": playlist}))


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        name = self.path.lstrip("/")
        path = www / name
        if "/" in name or not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        start = 0
        ranged = self.headers.get("Range", "")
        if ranged.startswith("bytes=") and ranged.endswith("-"):
            start = int(ranged[6:-1])
        if name != "manifest.json":
            note(f"request {name} from byte {start}")
        body = data[start:]
        self.send_response(206 if start else 200)
        if start:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            if name != "b.mp4":
                self.wfile.write(body)
                return
            for i in range(0, len(body), 8192):
                self.wfile.write(body[i:i + 8192])
                with lock:
                    sent["b.mp4"] += len(body[i:i + 8192])
                time.sleep(0.125)
        except OSError:
            pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


mqtt_port = free_port()
(www / "mosquitto.conf").write_text(f"listener {mqtt_port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
broker = subprocess.Popen(["mosquitto", "-c", str(www / "mosquitto.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
publish({"a.mp4": "h264_aac.mp4"}, ["a.mp4"])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
(out / "39-fleet.ports").write_text(f"{server.server_address[1]} {mqtt_port}\n")
note(f"content on 127.0.0.1:{server.server_address[1]}, mosquitto on 127.0.0.1:{mqtt_port}")

deadline = time.monotonic() + 180
while time.monotonic() < deadline and not (out / "39-fleet.want-2").exists():
    time.sleep(0.2)
replies = subprocess.Popen(["mosquitto_sub", "-V", "mqttv5", "-p", str(mqtt_port), "-t", "board/replies", "-C", "1", "-W", "60"],
                           stdout=subprocess.PIPE, text=True)
time.sleep(0.5)
publish({"a.mp4": "h264_aac.mp4", "b.mp4": "demo.mp4"}, ["b.mp4", "a.mp4"])
subprocess.run(["mosquitto_pub", "-V", "mqttv5", "-p", str(mqtt_port), "-t", "playhead/board/command", "-m", "sync",
                "-D", "publish", "response-topic", "board/replies"], check=False)
note("generation 2 published; `sync` sent over MQTT")
while time.monotonic() < deadline and sent["b.mp4"] < 150_000:
    time.sleep(0.05)
note(f"cable cut after {sent['b.mp4']} bytes of b.mp4: {monitor(mon, 'set_link net0 off')!r}")
time.sleep(6)
note(f"cable back: {monitor(mon, 'set_link net0 on')!r}")
try:
    reply, _ = replies.communicate(timeout=60)
except subprocess.TimeoutExpired:
    replies.kill()
    reply = ""
note(f"reply to sync: {reply.strip()}")
online = subprocess.run(["mosquitto_sub", "-p", str(mqtt_port), "-t", "playhead/board/online", "-C", "1", "-W", "5"],
                        capture_output=True, text=True).stdout.strip()
note(f"retained online: {online}")
while time.monotonic() < deadline and not (out / "39-fleet.guest.done").exists():
    time.sleep(0.5)
server.shutdown()
broker.terminate()
broker.wait()
