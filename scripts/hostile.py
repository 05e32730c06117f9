#!/usr/bin/env python3
"""The hostile corpus: a stranger's stick (FIFOs, links out of it, `..` and absolute entries,
URLs, FFmpeg protocol names, names and titles with terminal escapes, damaged files, files with
extreme time bases and timestamps from Tests/Hostile/media and Tests/Fuzz/regressions), hostile
options files and state files (Tests/Hostile/options, Tests/Hostile/state), and a hostile
socket client. Each case runs playhead with null outputs and must end with its good items
played in order, no death by a signal, no raw control character printed, nothing outside the
stick played, resident memory under a bound, and SIGTERM honoured within 2 s.

usage: hostile.py PLAYHEAD MEDIA_DIR"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from control_socket import ask

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(HERE, "..", "Tests")
# Peak resident memory of one case (VmHWM). Measured 58-77 MB on x86_64 for these cases;
# twice that leaves room for allocator noise, not for a leak that reads a file whole.
RSS_LIMIT_KB = 160 * 1024
ESC_NAME = "\x1b[2J\x1b]0;owned\x07evil.mp4"
failures = []


def fail(case, why):
    failures.append(f"{case}: {why}")


def make_stick(work, media):
    """work/media/usb: the stick; work/outside: what it must never reach."""
    stick, outside = os.path.join(work, "media", "usb"), os.path.join(work, "outside")
    os.makedirs(os.path.join(stick, "sub"))
    os.makedirs(outside)
    tiny = os.path.join(media, "tiny.mp4")
    for name in ("1-good.mp4", "3-good.mp4", ESC_NAME):
        shutil.copy(tiny, os.path.join(stick, name))
    shutil.copy(os.path.join(media, "audio_only.mp3"), os.path.join(stick, "5-good.mp3"))
    shutil.copy(tiny, os.path.join(outside, "canary.mp4"))
    os.mkfifo(os.path.join(stick, "2-fifo.mp4"))
    os.mkfifo(os.path.join(stick, "fifo.m3u"))
    os.symlink("/etc/passwd", os.path.join(stick, "4-link-passwd.mp4"))
    os.symlink("../../outside/canary.mp4", os.path.join(stick, "4-link-canary.mp4"))
    os.symlink("/dev/zero", os.path.join(stick, "4-link-zero.mp4"))
    with open(os.path.join(stick, "2-truncated.mp4"), "wb") as f:
        f.write(open(tiny, "rb").read()[:3000])
    with open(os.path.join(stick, "2-random.mkv"), "wb") as f:
        f.write(os.urandom(50_000))
    # Extreme container numbers: ours, and every input that ever crashed the fuzzer.
    extreme = []
    for folder in (os.path.join(TESTS, "Hostile", "media"), os.path.join(TESTS, "Fuzz", "regressions")):
        for name in sorted(os.listdir(folder)):
            if name.startswith(".") or name.endswith(".md"):
                continue
            shutil.copy(os.path.join(folder, name), os.path.join(stick, "2-" + name))
            extreme.append(name)
    with open(os.path.join(stick, "huge.m3u"), "w") as f:
        f.write(("#EXTINF:1,x\n" + "1-good.mp4\n") * 100_000)
    entries = ["#EXTM3U", "1-good.mp4", "2-fifo.mp4", "../../outside/canary.mp4", os.path.join(outside, "canary.mp4"),
               "4-link-canary.mp4", "4-link-passwd.mp4", "/dev/zero", "/etc/passwd", "pipe:0", "tcp://127.0.0.1:9?listen",
               "http://127.0.0.1:9/a.mp4", "file:///etc/passwd", "sub/../../../outside/canary.mp4", "2-truncated.mp4",
               "2-random.mkv"] + ["2-" + n for n in extreme] + [
               "#EXTINF:1,\x1b[31mred\x1b[0m title\x9b2J", "3-good.mp4", ESC_NAME, "5-good.mp3", "x" * 5000 + ".mp4"]
    with open(os.path.join(stick, "list.m3u"), "w") as f:
        f.write("\n".join(entries) + "\n")
    return stick, outside


def run(case, playhead, args, good, env_extra=None, socket_client=None, inside=None):
    """Runs one case to its end (--at-end wait), then checks what it played and printed."""
    sock = tempfile.mktemp(prefix="ph-hostile-", suffix=".sock", dir="/tmp")
    cmd = [playhead, "--video-output", "null", "--audio-output", "null", "--untimed", "--events", "jsonl",
           "--console", "off", "--syslog", "no", "--at-end", "wait", "--socket", sock, "--network-timeout", "2"] + args
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, **(env_extra or {})))
    out, err = b"", b""
    peak = [0]
    try:
        deadline = time.monotonic() + 60
        # Ended when the queue played out (currentItemChanged to null) or the process died.
        # With --at-end wait, the state goes idle once the queue has played out (idle before
        # the first item opens counts only after 3 s).
        ended, busy, started = False, False, time.monotonic()
        while time.monotonic() < deadline and p.poll() is None and not ended:
            time.sleep(0.1)
            if socket_client and os.path.exists(sock):
                socket_client(case, sock)
                socket_client = None
            try:
                state = ask(sock, "status")["reply"]["state"]
                busy = busy or state != "idle"
                ended = state == "idle" and (busy or time.monotonic() - started > 3)
            except (OSError, ValueError, KeyError):
                pass
        if p.poll() is not None:
            fail(case, f"playhead ended by itself with {p.returncode}")
        else:
            hwm = int(next(l.split()[1] for l in open(f"/proc/{p.pid}/status") if l.startswith("VmHWM:")))
            peak[0] = hwm
            if hwm > RSS_LIMIT_KB:
                fail(case, f"peak resident memory {hwm // 1024} MB, over {RSS_LIMIT_KB // 1024} MB")
            if not ended:
                fail(case, "the queue did not play out within 60 s")
            t0 = time.monotonic()
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout=2)
            except subprocess.TimeoutExpired:
                fail(case, "SIGTERM not honoured within 2 s")
            took = time.monotonic() - t0
            if p.returncode != -signal.SIGTERM and p.returncode != 143:
                fail(case, f"after SIGTERM, status {p.returncode}")
    finally:
        if p.poll() is None:
            p.kill()
        out, err = p.communicate()
        try:
            os.unlink(sock)
        except OSError:
            pass
    played = [json.loads(l)["item"] for l in out.decode(errors="replace").splitlines()
              if l.startswith("{") and json.loads(l).get("event") == "didPlayToEndTime"]
    names = [os.path.basename(x) for x in played]
    # The good items in their order; damaged ones between them may play what they hold or fail.
    rest = iter(names)
    if not all(g in rest for g in good) or any(n not in good and not n.startswith("2-") for n in names):
        fail(case, f"played {names}, expected {good} in that order (and damaged items at most)")
    if inside and any(not os.path.realpath(x).startswith(inside + "/") for x in played):
        fail(case, f"played something outside {inside}: {played}")
    for stream, text in (("stdout", out), ("stderr", err)):
        raw = [b for b in text if (b < 0x20 and b not in (0x0A,)) or b == 0x7F]
        if raw or "\u009b" in text.decode(errors="replace"):
            fail(case, f"a raw control character on {stream}")
    if b"canary" in out:
        fail(case, "the canary outside the stick was opened")
    lines = err.decode(errors="replace").count("\n")
    print(f"hostile: {case}: played {len(played)} items, {lines} log lines, peak {peak[0] // 1024} MB resident")
    return err.decode(errors="replace")


def hostile_client(case, path):
    """A local client that sends an overlong line, control characters, non-media protocols and
    a screenshot path; the socket must keep answering."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(5)
            s.connect(path)
            s.sendall(b"x" * 20000 + b"next\n")
            s.sendall(b"add pipe:0\nadd tcp://127.0.0.1:9?listen\nadd /dev/zero\nscreenshot /etc/passwd\n\x1b[2J\x00\xff\n")
            time.sleep(0.5)
        st = ask(path, "status")
        if not st.get("ok"):
            fail(case, f"status after the hostile client: {st}")
    except OSError as e:
        fail(case, f"the socket stopped answering: {e}")


def main():
    playhead, media = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="ph-hostile-")
    try:
        stick, outside = make_stick(work, media)
        roots = ["--removable-media", os.path.join(work, "media")]
        good_list = ["1-good.mp4", "3-good.mp4", ESC_NAME, "5-good.mp3"]
        err = run("stick playlist", playhead, roots + [os.path.join(stick, "list.m3u")], good_list, inside=stick)
        for needle in ("leads outside", "a URL in a playlist on removable media", "is missing", "is a FIFO"):
            if needle not in err:
                fail("stick playlist", f"no line saying '{needle}'")
        # Natural order: the escape character sorts first.
        run("stick folder", playhead, roots + [stick], [ESC_NAME, "1-good.mp4", "3-good.mp4", "5-good.mp3"], inside=stick)
        run("oversized and FIFO playlists", playhead,
            roots + [os.path.join(stick, "huge.m3u"), os.path.join(stick, "fifo.m3u"), os.path.join(stick, "1-good.mp4")],
            ["1-good.mp4"])
        for name in sorted(os.listdir(os.path.join(TESTS, "Hostile", "options"))):
            conf = os.path.join(TESTS, "Hostile", "options", name)
            run(f"options {name}", playhead, ["--config", conf, "--ignore-bad-config", os.path.join(stick, "1-good.mp4")],
                ["1-good.mp4"])
        big = os.path.join(work, "big.conf")
        with open(big, "w") as f:
            f.write("# padding\n" * 40_000 + "volume = 0.5\n")
        run("options oversized", playhead, ["--config", big, "--ignore-bad-config", os.path.join(stick, "1-good.mp4")], ["1-good.mp4"])
        items = [os.path.join(stick, n) for n in ("1-good.mp4", "3-good.mp4")]
        for name in sorted(os.listdir(os.path.join(TESTS, "Hostile", "state"))):
            state = os.path.join(work, "state")
            text = open(os.path.join(TESTS, "Hostile", "state", name), encoding="utf-8", errors="surrogateescape").read()
            with open(state, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text.replace("@STICK@", stick))
            # resume3-*: a place that resumes at (or skips to) the second item.
            good = ["3-good.mp4"] if name.startswith("resume3-") else ["1-good.mp4", "3-good.mp4"]
            run(f"state {name}", playhead, ["--state-file", state] + items, good)
        run("socket client", playhead, items, ["1-good.mp4", "3-good.mp4"], socket_client=hostile_client)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("hostile: FAIL " + f, file=sys.stderr)
    print(f"hostile: {'FAILED' if failures else 'passed'}: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
