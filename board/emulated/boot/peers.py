"""The players side by side on the board (bench-peers.sh in the guest): what each showed at
every vblank (frame-log), its CPU time and peak memory, worked into the figures `make bench`
prints, each with its ratio to the best of the three."""
import pathlib
import re

CLIPS = {"bench_360p30.mp4": (10.0, 30), "bench_720p30.mp4": (10.0, 30)}
PEER = re.compile(r"BENCH-PEER player=(\S+) clip=(\S+) start=([0-9.]+) end=([0-9.]+) cpu-ticks=(\d+) hwm-kb=(\d+) exit=(\d+)")


def frames(path, start, end):
    """(time, crc) of each vblank between the player's start and its exit."""
    rows = []
    try:
        for line in path.read_text().split("\n"):
            parts = line.split()
            if len(parts) == 2:
                t = float(parts[0])
                if start <= t <= end:
                    rows.append((t, parts[1]))
    except OSError:
        pass
    return rows


def black_crcs(share, lines):
    """The CRCs the screen read while the reference run showed one second of black: a player's
    first buffer is often black (cleared before the video comes), and that is not a picture."""
    for line in lines:
        m = PEER.match(line)
        if m and m.group(1) == "reference":
            start, end = float(m.group(3)), float(m.group(4))
            rows = frames(pathlib.Path(share) / "out" / f"peer-reference-{m.group(2)}.frames", start - 1.0, end)
            console = {crc for t, crc in rows if t < start}
            return {crc for t, crc in rows if t >= start} - console
    return set()


def pictures(rows, start, black=frozenset()):
    """Times at which the screen changed to a new picture of the player's. What the screen
    showed before the player started (the text console, whose blinking cursor alternates two
    CRCs) is not the player's: the pictures begin at the first change to anything else, and a
    change back to the console (at the player's exit) is not a picture. A run of three changes
    within half a second used to mark the start, and a cursor blink next to a stray change
    passed for it (a loop's "longest picture" of 1950 ms that was the player's start-up)."""
    console = {crc for t, crc in rows if t < start}
    changes = [rows[i] for i in range(1, len(rows)) if rows[i][1] != rows[i - 1][1] and rows[i][0] >= start]
    return [t for t, crc in changes if crc not in console and crc not in black]


def measure(share, line, black=frozenset()):
    m = PEER.match(line)
    if not m or m.group(1) == "reference":
        return None
    player, clip, start, end, ticks, hwm, rc = m.groups()
    start, end = float(start), float(end)
    log = pathlib.Path(share) / "out" / f"peer-{player}-{clip}.frames"
    shown = pictures(frames(log, start - 1.0, end), start, black)
    result = {"player": player, "clip": clip, "exit": int(rc), "cpu_s": int(ticks) / 100, "peak_mb": int(hwm) / 1024,
              "shown": len(shown)}
    if shown:
        result["first_frame_ms"] = (shown[0] - start) * 1000
        result["gaps"] = [b - a for a, b in zip(shown, shown[1:])]
        if clip in CLIPS:
            duration, fps = CLIPS[clip]
            result["last_late_ms"] = ((shown[-1] - shown[0]) - (duration - 1 / fps)) * 1000
        result["cpu_per_frame_ms"] = result["cpu_s"] * 1000 / len(shown)
    return result


def ratio(value, best, higher_is_better=False):
    """How far from the best: 1.00x is the best, 2.00x twice as bad."""
    if not value or not best:
        return "-"
    return f"{(best / value if higher_is_better else value / best):.2f}x"


def report(share, lines):
    black = black_crcs(share, lines)
    results = [r for r in (measure(share, l, black) for l in lines) if r]
    if not results:
        return ["board peers: no results (mpv and GStreamer need 'make bench-deps')"]
    out = ["players side by side on the board (same guest, clips, screen 640x480 and sound card; "
           "each figure with its ratio to the best of the players; 1.00x is the best; "
           + (f"{len(black)} black-screen CRCs not counted as pictures):" if black else "no black reference: a black first buffer counts as a picture):")]
    metrics = [("shown", "frames shown", True, "{:.0f}"), ("first_frame_ms", "first frame", False, "{:.0f} ms"),
               ("last_late_ms", "last frame late", False, "{:+.0f} ms"),
               ("cpu_per_frame_ms", "CPU per shown frame", False, "{:.1f} ms"), ("peak_mb", "peak memory", False, "{:.0f} MB")]
    for clip in CLIPS:
        runs = [r for r in results if r["clip"] == clip]
        if not runs:
            continue
        out.append(f"  {clip} ({CLIPS[clip][0]:.0f} s, {int(CLIPS[clip][0] * CLIPS[clip][1])} frames):")
        for key, label, higher, fmt in metrics:
            values = {r["player"]: r.get(key) for r in runs}
            present = [v for v in values.values() if v is not None]
            if key == "last_late_ms":
                # Lateness: the smallest magnitude is best; ratios of a signed figure mean little.
                best = min((abs(v) for v in present), default=None)
                cells = [f"{p} {fmt.format(v) if v is not None else 'n/a'}" for p, v in values.items()]
                out.append(f"    {label}: " + ", ".join(cells) + (f" (best {best:.0f} ms)" if best is not None else ""))
                continue
            best = (max(present) if higher else min(present)) if present else None
            cells = [f"{p} {fmt.format(v)} ({ratio(v, best, higher)})" if v is not None else f"{p} n/a" for p, v in values.items()]
            out.append(f"    {label}: " + ", ".join(cells))
        failed = [f"{r['player']} exit {r['exit']}" for r in runs if r["exit"] != 0]
        if failed:
            out.append("    exits: " + ", ".join(failed))
    loops = [r for r in results if r["clip"] == "loop_1s.mp4"]
    if loops:
        cells = []
        for r in loops:
            # 25 fps: one picture every 40 ms; anything longer at a pass boundary is the gap.
            # The first picture stays until the second: that is start-up (a cleared buffer whose
            # CRC the black reference did not give: 1401 ms once), not a loop.
            gaps = (r.get("gaps") or [])[1:]
            worst = max(gaps, default=0) * 1000
            cells.append(f"{r['player']} longest picture {worst:.0f} ms over {r['shown']} pictures")
        out.append("  a 1 s clip (25 fps) looped for 6 s, the longest time one picture stayed (40 ms is no gap): "
                   + "; ".join(cells) + "; GStreamer not measured (gst-launch cannot loop a file)")
    return out
