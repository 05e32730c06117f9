#!/usr/bin/env python3
"""Content sync (issue 36) against a local HTTP server that misbehaves, with a real playhead
(null outputs) on loopback: a download dropped mid-file resumes with an HTTP Range; a file whose
hash is wrong is tried three times and refused; a server that stalls is cut at content-timeout
and resumed; a manifest that changes during a download is taken up; a disk that fills leaves the
generation playing as it is. After each step the right generation plays, and no item from the
incoming folder (half-written, unverified) ever plays. The content folder is a small tmpfs in a
mount namespace of the test's own (unshare), so the full disk is real and nothing of the
machine's is touched. Usage: content_test.py PLAYHEAD MEDIA OUT"""
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

TIMEOUT = 3


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root):
        super().__init__(("127.0.0.1", 0), Handler)
        self.root = root
        self.faults = {}
        self.requests = []
        self.lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        server = self.server
        name = self.path.lstrip("/")
        path = os.path.join(server.root, name)
        start = 0
        ranged = self.headers.get("Range")
        if ranged and ranged.startswith("bytes=") and ranged.endswith("-"):
            start = int(ranged[6:-1])
        with server.lock:
            server.requests.append((name, start))
            fault = server.faults.pop(name, None)
        if not os.path.isfile(path):
            self.send_error(404)
            return
        with open(path, "rb") as f:
            data = f.read()
        body = data[start:]
        self.send_response(206 if start else 200)
        if start:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        kind, value = fault if fault else (None, None)
        if kind == "drop":
            # Part of the file, then the connection goes.
            self.wfile.write(body[:value])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if kind == "stall":
            self.wfile.write(body[:len(body) // 2])
            self.wfile.flush()
            time.sleep(value)
            self.close_connection = True
            return
        self.wfile.write(body)


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def publish(www, files, playlist, wrong=()):
    """Writes the manifest for `files` (name -> source media path) into the server's folder."""
    entries = []
    for name, source in files.items():
        shutil.copyfile(source, os.path.join(www, name))
        digest = sha(os.path.join(www, name))
        if name in wrong:
            digest = "0" * 64
        entries.append({"path": name, "size": os.path.getsize(os.path.join(www, name)), "sha256": digest})
    with open(os.path.join(www, "manifest.json"), "w") as f:
        json.dump({"files": entries, "playlist": playlist}, f)


def find(value, key):
    if isinstance(value, dict):
        if key in value:
            return value[key]
        for v in value.values():
            found = find(v, key)
            if found is not None:
                return found
    return None


class Watch:
    """Asks `status` every 100 ms; remembers every item seen playing."""

    def __init__(self, sock):
        self.sock = sock
        self.items = []
        self.stopped = False
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stopped:
            try:
                item = find(ask(self.sock, "status"), "item")
                if item and (not self.items or self.items[-1] != item):
                    self.items.append(item)
            except (OSError, ValueError):
                pass
            time.sleep(0.1)

    def current(self):
        return self.items[-1] if self.items else None


def wait_for(what, check, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    sys.exit(f"content-test: {what} did not happen within {seconds} s")


def log_has(out, text):
    with open(f"{out}/playhead.log", errors="replace") as f:
        return text in f.read()


def main():
    playhead, media, out = sys.argv[1:4]
    if os.environ.get("CONTENT_TEST_INSIDE") != "1":
        # A mount namespace of its own, for a small tmpfs as the content folder.
        env = dict(os.environ, CONTENT_TEST_INSIDE="1")
        sys.exit(subprocess.call(["unshare", "--user", "--map-root-user", "--mount", sys.executable, *sys.argv], env=env))
    shutil.rmtree(out, ignore_errors=True)
    www, content = f"{out}/www", f"{out}/content"
    os.makedirs(www)
    os.makedirs(content)
    subprocess.check_call(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", content])
    server = Server(www)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/manifest.json"
    started = time.monotonic()

    # 1. The first generation, its first file dropped after 40 KB: resumed from where it stopped.
    publish(www, {"a.mp4": f"{media}/h264_aac.mp4", "b.mp4": f"{media}/loop_1s.mp4"}, ["a.mp4", "b.mp4"])
    server.faults["a.mp4"] = ("drop", 40000)
    log = open(f"{out}/playhead.log", "w")
    sock = f"{out}/playhead.sock"
    args = [playhead, "--video-output", "null", "--audio-output", "null", "--socket", sock, "--console", "off",
            "--loop", "yes", "--at-end", "wait", "--syslog", "no", "--clock-file", f"{out}/no-clock",
            "--content-url", url, "--content-dir", content, "--content-interval", "600",
            "--content-timeout", str(TIMEOUT), f"{media}/tone.wav"]
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
    try:
        ask(sock, "status", retry_seconds=10)
        watch = Watch(sock)
        wait_for("generation 1 playing", lambda: (watch.current() or "").startswith(f"{content}/gen-1/"), 30)
        resumed = [start for name, start in server.requests if name == "a.mp4"]
        print(f"content-test: a.mp4 asked for from bytes {resumed}; generation 1 plays {time.monotonic() - started:.1f} s after start")
        if len(resumed) < 2 or resumed[0] != 0 or not 0 < resumed[1] <= 40000:
            sys.exit("content-test: the dropped download did not resume with a Range")

        # 2. A file whose hash is wrong: three downloads, refused; generation 1 plays on.
        publish(www, {"a.mp4": f"{media}/h264_aac.mp4", "c.mp4": f"{media}/mid_240p30.mp4"}, ["c.mp4", "a.mp4"], wrong={"c.mp4"})
        ask(sock, "sync")
        wait_for("the bad file refused", lambda: log_has(out, "c.mp4 did not match its SHA-256 in 3 downloads"), 30)
        asked = len([1 for name, _ in server.requests if name == "c.mp4"])
        print(f"content-test: c.mp4 with a wrong hash downloaded {asked} times, then refused")
        if asked != 3 or os.path.exists(f"{content}/gen-2"):
            sys.exit("content-test: the file with a wrong hash was not refused after three downloads")

        # 3. The server stalls mid-file: cut after content-timeout, resumed, generation 2 plays at
        # an item's end, and generation 1 goes.
        publish(www, {"a.mp4": f"{media}/h264_aac.mp4", "c.mp4": f"{media}/mid_240p30.mp4"}, ["c.mp4", "a.mp4"])
        server.faults["c.mp4"] = ("stall", TIMEOUT + 3)
        t = time.monotonic()
        ask(sock, "sync")
        wait_for("generation 2 playing", lambda: (watch.current() or "").startswith(f"{content}/gen-2/"), 40)
        print(f"content-test: after a stall, generation 2 plays {time.monotonic() - t:.1f} s after `sync`")
        if not log_has(out, "no answer within the timeout"):
            sys.exit("content-test: the stall was not said")
        wait_for("generation 1 removed", lambda: not os.path.exists(f"{content}/gen-1"), 10)

        # 4. The manifest changes while a file downloads: the download is cut, and before it
        # resumes the server holds another d.mp4 under a new manifest. The resumed bytes do not
        # hash to the old manifest's SHA-256, the manifest is asked for again, and the new file
        # is downloaded whole: generation 3 holds the new d.mp4, never a mix.
        publish(www, {"d.mp4": f"{media}/long_240p30.mp4"}, ["d.mp4"])
        server.faults["d.mp4"] = ("drop", 100000)
        ask(sock, "sync")
        wait_for("d.mp4 cut", lambda: log_has(out, "content: d.mp4: "), 20)
        publish(www, {"d.mp4": f"{media}/demo.mp4"}, ["d.mp4"])
        wait_for("generation 3 playing", lambda: (watch.current() or "").startswith(f"{content}/gen-3/"), 60)
        played = sha(f"{content}/gen-3/d.mp4")
        print(f"content-test: the manifest changed during d.mp4's download; generation 3 holds the new file: {played == sha(f'{media}/demo.mp4')}")
        if played != sha(f"{media}/demo.mp4") or not log_has(out, "d.mp4 did not match its SHA-256; asking for the manifest again"):
            sys.exit("content-test: generation 3 does not hold the manifest's new d.mp4")

        # 5. A disk that fills: a new generation that does not fit is not begun; 3 plays on.
        # The disk filled to 300 KB above what a download leaves free (a twentieth of it).
        fs = os.statvfs(content)
        free, total = fs.f_bavail * fs.f_frsize, fs.f_blocks * fs.f_frsize
        with open(f"{content}/filler", "wb") as f:
            f.write(b"\0" * (free - total // 20 - 300_000))
        publish(www, {"e.mp4": f"{media}/gapless_48k_480p.mkv"}, ["e.mp4"])
        ask(sock, "sync")
        wait_for("the full disk said", lambda: log_has(out, "content: no room for e.mp4"), 20)
        print("content-test: with the disk full, generation 3 plays on")
        if os.path.exists(f"{content}/gen-4") or not (watch.current() or "").startswith(f"{content}/gen-3/"):
            sys.exit("content-test: the full disk changed what plays")
        os.remove(f"{content}/filler")
        ask(sock, "sync")
        wait_for("generation 4 playing", lambda: (watch.current() or "").startswith(f"{content}/gen-4/"), 30)

        # 6. A power cut (kill -9), and a folder gen-5 left damaged (its file missing): the next
        # start passes it over and plays generation 4 at once; the next generation replaces it.
        watch.stopped = True
        earlier = watch.items
        proc.kill()
        proc.wait()
        os.makedirs(f"{content}/gen-5")
        shutil.copyfile(f"{www}/manifest.json", f"{content}/gen-5/manifest.json")
        proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
        ask(sock, "status", retry_seconds=10)
        watch = Watch(sock)
        wait_for("generation 4 playing after the restart", lambda: watch.current() is not None, 10)
        if not watch.current().startswith(f"{content}/gen-4/") or not log_has(out, "gen-5 in"):
            sys.exit(f"content-test: after the restart {watch.current()} plays, not generation 4")
        publish(www, {"f.mp4": f"{media}/short_video.mp4"}, ["f.mp4"])
        ask(sock, "sync")
        wait_for("generation 5 playing", lambda: (watch.current() or "").startswith(f"{content}/gen-5/"), 30)
        print("content-test: after kill -9, generation 4 played at once (a damaged gen-5 passed over); the next generation replaced it")

        # 7. With a schedule whose part in force all day is another playlist, a new generation
        # becomes the schedule's default and does not replace what plays.
        watch.stopped = True
        earlier += watch.items
        proc.terminate()
        proc.wait()
        with open(f"{out}/scheduled.conf", "w") as f:
            f.write(f"schedule.daily = 00:00 {media}/loop_1s.mp4\n")
        proc = subprocess.Popen(args[:1] + ["--config", f"{out}/scheduled.conf"] + args[1:], stdout=log, stderr=subprocess.STDOUT)
        ask(sock, "status", retry_seconds=10)
        watch = Watch(sock)
        wait_for("the schedule's part playing", lambda: watch.current() == f"{media}/loop_1s.mp4", 15)
        publish(www, {"g.mp4": f"{media}/h264_aac.mp4"}, ["g.mp4"])
        ask(sock, "sync")
        wait_for("generation 6 complete", lambda: log_has(out, "content: generation 6 is the schedule's default playlist; another part plays now"), 30)
        time.sleep(1.5)
        print(f"content-test: with a schedule playing another part, generation 6 waits as its default; playing: {watch.current()}")
        if watch.current() != f"{media}/loop_1s.mp4":
            sys.exit("content-test: a new generation replaced the schedule's part")

        items = earlier + watch.items
        half = [item for item in items if "/incoming/" in item]
        print(f"content-test: items seen playing: {len(items)}, from the incoming folder: {len(half)}")
        if half:
            sys.exit(f"content-test: a half-written item played: {half[0]}")
        reply = ask(sock, "content")
        print(f"content-test: `content`: {json.dumps(reply)[:300]}")
        watch.stopped = True
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()
        subprocess.call(["umount", content])
    print(f"content-test: PASS in {time.monotonic() - started:.0f} s")


main()
