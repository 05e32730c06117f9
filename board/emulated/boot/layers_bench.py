"""The layers benchmark's report (board.sh's bench_layers): for one, two and three 320x240 video
layers on vkms, each on a plane of its own, and two and three drawn together in software onto
the primary plane (vkms without overlay planes): the process's CPU per refresh (its CPU seconds
over the run's 60 Hz refreshes) and per shown frame, each layer's frames shown, and the ratio to
one layer."""
import re

REFRESH_HZ = 60
CLIP_FRAMES = 300  # mid_240p30.mp4: 10 s at 30 fps; the other layers loop it for as long
TICKS = 100  # USER_HZ: /proc's CPU times are in hundredths of a second on Linux


def report(lines):
    rows = []
    for line in lines:
        fields = dict(re.findall(r"(\S+)=(\S*)", line))
        seconds = float(fields.get("end", 0)) - float(fields.get("start", 0))
        cpu = int(fields.get("cpu-ticks", 0)) / TICKS
        shown = [int(n) for n in fields.get("shown", "").split(",") if n]
        rows.append((int(fields.get("layers", 0)), fields.get("planes", "enough"), seconds, cpu, shown, int(fields.get("commits", 0)),
                     int(fields.get("composed", 0)), fields.get("exit")))
    if not rows:
        return ["board layers benchmark: no result (see the console log)"]
    out = ["board layers benchmark (320x240 clips at 30 fps on vkms 640x480 under TCG; planes enough: each on its own,"
           " few: drawn together in software onto the primary plane):"]
    base = None
    for n, planes, seconds, cpu, shown, commits, composed, rc in rows:
        refreshes = max(seconds * REFRESH_HZ, 1)
        per_refresh = cpu / refreshes * 1e6
        per_frame = cpu / max(sum(shown), 1) * 1e6
        base = base or per_refresh
        out.append(f"  {n} layer(s), planes {planes}: {seconds:.1f} s, CPU {cpu:.2f} s = {per_refresh:.0f} us per refresh"
                   f" ({per_refresh / base:.2f}x one layer), {per_frame:.0f} us per frame shown;"
                   f" frames shown {'+'.join(map(str, shown)) or 0} of {CLIP_FRAMES} each; {commits} commits, {composed} composed; exit {rc}")
    return out
