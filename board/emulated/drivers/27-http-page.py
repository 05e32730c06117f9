#!/usr/bin/env python3
"""Board scenario 27's host side: Debian's headless Chromium drives the control page on the
board through the port QEMU forwards to its 8080 (scripts/api/page_check.py, run by the venv
that `make api-test` makes), with the board's screenshot shown. Saves the page at desktop and
phone width as OUT/27-page-desktop.png and 27-page-phone.png. Writes OUT/27-http-page.host.done:
'pass' or 'fail: ...'. Usage: 27-http-page.py TTYS1 MONITOR OUT"""
import pathlib
import subprocess
import sys

_tty, _mon, out = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
root = pathlib.Path(__file__).resolve().parents[3]
done = out / "27-http-page.host.done"
try:
    port = (out.parent / "http-port").read_text().strip()
    shots = out / "27-page"
    shots.mkdir(exist_ok=True)
    r = subprocess.run([str(root / "build" / "venv" / "bin" / "python"), str(root / "scripts" / "api" / "page_check.py"),
                        f"http://127.0.0.1:{port}", "board-page-token-0123456789", str(shots), "--screen"],
                       capture_output=True, text=True, timeout=240)
    print(r.stdout + r.stderr)
    result = "pass" if r.returncode == 0 else "fail: " + (r.stdout + r.stderr).strip().splitlines()[-1]
except Exception as e:  # the guest must hear of any failure, or it waits for nothing
    result = f"fail: the page driver stopped: {e!r}"
done.write_text(result + "\n")
