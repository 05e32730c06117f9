#!/usr/bin/env python3
"""Board scenario 18's host side: a USB stick (a FAT image made here with mtools) plugged into the
board through QEMU's monitor, and pulled out when the guest says it has seen it play. Writes
OUT/18-usb-stick.host.done: 'pass' or 'fail: ...'. Usage: 18-usb-stick.py TTYS1 MONITOR OUT"""
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from qemu_monitor import plug_stick  # noqa: E402

_tty, mon, out = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
media = pathlib.Path(__file__).resolve().parents[3] / "build" / "media"
done = out / "18-usb-stick.host.done"
failures = []


def run(*cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {r.stderr.strip()}")


try:
    img = pathlib.Path(tempfile.mkdtemp(prefix="playhead-stick-")) / "stick.img"
    with open(img, "wb") as f:
        f.truncate(16 * 1024 * 1024)
    run("mformat", "-i", str(img), "-v", "STICK", "::")
    # Natural order plays "1 ..." before "02 ..." before "10 ..."; the hidden and AppleDouble
    # files, which a Mac leaves on a stick, are not played.
    for src, name in (("tiny.mp4", "10 tiny.mp4"), ("loop_1s.mp4", "1 loop.mp4"), ("short_video.mp4", "02 short.mp4"),
                      ("not_media.mp4", "._1 loop.mp4"), ("tiny.mp4", ".hidden.mp4")):
        run("mcopy", "-i", str(img), str(media / src), f"::{name}")
    plug_stick(mon, img, "stick", out / "18-usb.detach", failures)
except Exception as e:  # the guest must hear of any failure, or it waits for nothing
    failures.append(f"the USB driver stopped: {e!r}")
done.write_text("pass\n" if not failures else "fail: " + "\nfail: ".join(failures) + "\n")
print("pass" if not failures else "\n".join(failures))
