#!/usr/bin/env python3
"""Board scenario 26's host side: a hostile USB stick (an ext4 image made here with mke2fs -d, no
root needed) plugged into the board through QEMU's monitor, and pulled when the guest asks.
Beside three good clips it holds what a stranger's stick may: a FIFO (opening it for reading
blocks until a writer comes), symlinks out of the stick (to /etc/shadow and to a canary file the
guest watches), a playlist walking out with ../ and absolute paths, a name full of terminal
escapes, a damaged clip. Writes OUT/26-hostile-stick.host.done: 'pass' or 'fail: ...'.
Usage: 26-hostile-stick.py TTYS1 MONITOR OUT"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from qemu_monitor import plug_stick  # noqa: E402

_tty, mon, out = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
media = pathlib.Path(__file__).resolve().parents[3] / "build" / "media"
done = out / "26-hostile-stick.host.done"
failures = []
# The guest's canaries: outside the stick, readable by playhead; they must never be read. One is
# reached through a symlink in the folder, the other through the playlist.
CANARY_LINK = "/tmp/26-canary-link.mp4"
CANARY_M3U = "/tmp/26-canary-m3u.mp4"
ESCAPES = "\x1b]0;owned\x07\x1b[2J\x1b[31m07 escape.mp4"

try:
    work = pathlib.Path(tempfile.mkdtemp(prefix="playhead-hostile-"))
    tree = work / "tree"
    tree.mkdir()
    for src, name in (("tiny.mp4", "01 first.mp4"), ("short_video.mp4", "02 second.mp4"), ("loop_1s.mp4", "03 third.mp4")):
        shutil.copy(media / src, tree / name)
    os.mkfifo(tree / "04 fifo.mp4")
    os.symlink("/etc/shadow", tree / "05 shadow.mp4")
    os.symlink(CANARY_LINK, tree / "06 canary.mp4")
    shutil.copy(media / "tiny.mp4", tree / ESCAPES)
    # A clip cut short and then overwritten in its middle: a damaged file.
    data = bytearray((media / "h264_aac.mp4").read_bytes()[:20000])
    data[4000:8000] = b"\xff" * 4000
    (tree / "08 damaged.mp4").write_bytes(bytes(data))
    (tree / "list.m3u").write_text(f"#EXTM3U\n../..{CANARY_M3U}\n{CANARY_M3U}\n"
                                   "../../../../../../etc/shadow\n05 shadow.mp4\n06 canary.mp4\n01 first.mp4\n")
    img = work / "stick.img"
    subprocess.run(["mke2fs", "-q", "-t", "ext4", "-L", "../../etc", "-d", str(tree), str(img), "16M"],
                   check=True, capture_output=True)
    plug_stick(mon, img, "hostile", out / "26-hostile.detach", failures)
except Exception as e:  # the guest must hear of any failure, or it waits for nothing
    failures.append(f"the USB driver stopped: {e!r}")
done.write_text("pass\n" if not failures else "fail: " + "\nfail: ".join(failures) + "\n")
print("pass" if not failures else "\n".join(failures))
