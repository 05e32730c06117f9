#!/usr/bin/env python3
"""The place survives kill -9: playhead plays a looped playlist with a state file written every
second, is killed with SIGKILL at a random moment, and started again, ROUNDS times. After each
kill the state file must be whole (the atomic write: never half of one), and each start must
resume at the saved item, within two seconds after its saved time (and not before it).

usage: state-kill.py PLAYHEAD MEDIA_DIR [ROUNDS]"""
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

from control_socket import ask


def parse_state(text):
    lines = text.split("\n")
    if lines[0] != "playhead-state 2":
        raise ValueError(f"no header: {text[:60]!r}")
    values = dict(l.split("=", 1) for l in lines[1:] if l)
    return values["item"], int(values["index"]), float(values["seconds"]), int(values["starts"])


def main():
    playhead, media = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    rng = random.Random(int(os.environ.get("STATE_KILL_SEED", "1")))
    work = tempfile.mkdtemp(prefix="playhead-state-")
    state, sock = os.path.join(work, "state"), os.path.join(work, "control.sock")
    items = [os.path.join(media, n) for n in ("long_240p30.mp4", "demo.mp4", "h264_aac.mp4")]
    failures, resumes, skips = [], [], 0
    for r in range(rounds):
        saved = parse_state(open(state).read()) if os.path.exists(state) else None
        started = time.monotonic()
        p = subprocess.Popen([playhead, "--state-file", state, "--state-interval", "1", "--video-output", "null",
                              "--audio-output", "null", "--loop", "--console", "off", "--socket", sock, "--events", "none",
                              "--syslog", "no"] + items, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        try:
            if saved:
                # The item opens, then the exact seek to the saved time lands (until then the
                # time reads 0): wait for it up to 3 s after the item plays. The time it lands
                # at is checked: the same item, at or just after the saved time.
                item, index, seconds, starts = saved
                # Killed twice in a row before the resumed item got going (ResumeGuard): this
                # start skips it and begins the next one from its start.
                if starts >= 2:
                    item, seconds = items[(index + 1) % len(items)], 0.0
                    skips += 1
                playing_since = None
                while time.monotonic() - started < 15:
                    st = ask(sock, "status", retry_seconds=10)["reply"]
                    if st["state"] == "playing" and st["time"] is not None:
                        playing_since = playing_since or time.monotonic()
                        if st["time"] >= seconds - 0.25 or time.monotonic() - playing_since > 3:
                            break
                    time.sleep(0.02)
                t = st["time"]
                resumes.append(t - seconds)
                if st["item"] != item:
                    failures.append(f"round {r}: resumed {st['item']}, not the saved {item}")
                elif not (seconds - 0.25 <= t <= seconds + 2):
                    failures.append(f"round {r}: resumed {item} at {t:.2f} s, saved at {seconds:.2f} s")
            time.sleep(rng.uniform(0.5, 4.0))
        finally:
            p.kill()
            err = p.communicate()[1]
        if p.returncode != -signal.SIGKILL:
            failures.append(f"round {r}: playhead ended by itself ({p.returncode}): {err.strip()[-300:]}")
            continue
        try:
            parse_state(open(state).read())
        except (OSError, ValueError, KeyError) as e:
            failures.append(f"round {r}: the state file after kill -9 is not whole: {e}")
    spread = f"{min(resumes):+.2f} to {max(resumes):+.2f} s" if resumes else "none"
    print(f"state-kill: {rounds} kill -9 rounds, {len(resumes)} resumes ({skips} skipping an item killed twice before it got going); "
          f"resumed time minus saved time: {spread}")
    for f in failures:
        print("state-kill: FAIL " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
