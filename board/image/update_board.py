"""The x86_64 image or the arm64 card under QEMU as the update tests (update-test.py) drive
them: a copy of the image, booted with QEMU's user network (the host is 10.0.2.2) and optionally
a USB stick, its console read line by line and typed at like a technician would, and what it
said recorded boot by boot. Also the bundles' web server (the host's loopback) and the boot
loader's count read from the FAT: GRUB's environment block, or the card's U-Boot environment
file (bootcount.env, read with the host's fw_printenv). Python's standard library only."""
import functools
import http.server
import io
import os
import pathlib
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "emulated" / "boot"))
from qemu_console import QemuConsole, fail_with_tail  # noqa: E402
from image_disk import DATA_PARTITION, fat_get, fat_put, partition, qemu_command  # noqa: E402

FIRST_FRAME = re.compile(r"first frame on screen at ([0-9.]+) s since boot")
# The boot loader's lines (grub.cfg's, the card's boot.cmd's).
BOOT_SLOT = re.compile(r"(?:grub|u-boot): slot (\w+), try (\d+) of (\d+)")
CONFIRMED = re.compile(r"slot-confirm: first frame: slot (\w+) is confirmed")
NO_FRAME = re.compile(r"slot-confirm: no first frame within \d+ s on slot (\w+): rebooting")
UNSTARTABLE = re.compile(r"(?:grub|u-boot): slot (\w+) cannot be started")
FELL_BACK = re.compile(r"slot-confirm: slot (\w+) \(version (\S+)\) showed no first frame in 3 boots: back on slot (\w+)")
INSTALLED = re.compile(r"update: installed (\S+) \(version (\S+)\) into slot (\w+)")
REFUSED = re.compile(r"update: (?:refused: |install of \S+ failed: )(.*)")
# The update agent's reboot put off to a time of day, with its own clock's time then.
WAITS = re.compile(r"update: the new system takes over at the reboot at (\d\d:\d\d) \(the clock here says (\d\d):(\d\d):(\d\d) ")
# The guest's kernel saying its CPUs stopped scheduling: seen once in CI under TCG with the arm64
# cross build beside it (both vCPUs stuck for minutes at once, early in a boot), an emulator's
# fault rather than an update's; the run is given up at once instead of waiting out its timeouts.
LOCKED_UP = re.compile(r"watchdog: BUG: soft lockup|rcu: INFO: rcu_\w+ detected stalls")


class GuestLockedUp(Exception):
    """The guest's kernel reported a lockup (LOCKED_UP); the line and the console's tail."""


def fail(why, tail=()):
    fail_with_tail("update-test", why, tail)


class Quiet(http.server.SimpleHTTPRequestHandler):
    """The bundles' server; it answers range requests (one range), which the arm64 card's RAUC
    1.13 streams a bundle with ("range requests not supported by server" from Python's own)."""

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Accept-Ranges", "bytes")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        m = re.fullmatch(r"bytes=(\d*)-(\d*)", self.headers.get("Range", "").strip())
        if not m or not os.path.isfile(path) or m.groups() == ("", ""):
            return super().send_head()
        size = os.path.getsize(path)
        if m.group(1):
            start, end = int(m.group(1)), min(int(m.group(2) or size - 1), size - 1)
        else:
            start, end = max(size - int(m.group(2)), 0), size - 1
        if start > end:
            self.send_error(416)
            return None
        with open(path, "rb") as f:
            f.seek(start)
            body = f.read(end - start + 1)
        self.send_response(206)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class Server(http.server.ThreadingHTTPServer):
    # The test cuts the board's power mid-download: the dropped connection is its doing, and a
    # traceback for it in the output read as a failure.
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


def serve(folder):
    """A web server for `folder` on the host's loopback, in a thread; its port."""
    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def stick_image(files, tmp, name="stick.ext4"):
    """An ext4 filesystem (no partition table, as many sticks) holding `files`, made without
    root by mke2fs -d."""
    folder = pathlib.Path(tmp) / (name + ".d")
    folder.mkdir()
    for f in files:
        (folder / f.name).write_bytes(f.read_bytes())
    disk = pathlib.Path(tmp) / name
    size_mb = sum(f.stat().st_size for f in files) // (1024 * 1024) + 16
    subprocess.run(["mke2fs", "-q", "-t", "ext4", "-d", str(folder), str(disk), f"{size_mb}M"], check=True)
    return disk


def grubenv(disk, tmp, **values):
    """GRUB's environment block on the disk's FAT, as a dict; with `values`, set first."""
    env = pathlib.Path(tmp) / "grubenv"
    fat_get(disk, "grub/grubenv", env)
    if values:
        subprocess.run(["grub-editenv", str(env), "set", *[f"{k}={v}" for k, v in values.items()]], check=True)
        fat_put(disk, env, "grub/grubenv")
    listed = subprocess.run(["grub-editenv", str(env), "list"], capture_output=True, text=True, check=True).stdout
    return dict(line.split("=", 1) for line in listed.splitlines() if "=" in line)


def ubootenv(disk, tmp, **values):
    """The card's U-Boot environment file (bootcount.env on the FAT), as a dict; with `values`,
    set first (fw_setenv, as RAUC on the board)."""
    env = pathlib.Path(tmp) / "bootcount.env"
    config = pathlib.Path(tmp) / "fw_env.config"
    # The board's /etc/fw_env.config, pointed at the copy.
    config.write_text(f"{env} 0x0 0x4000\n")
    fat_get(disk, "bootcount.env", env)
    if values:
        for key, value in values.items():
            subprocess.run(["fw_setenv", "-c", str(config), key, str(value)], check=True)
        fat_put(disk, env, "bootcount.env")
    listed = subprocess.run(["fw_printenv", "-c", str(config)], capture_output=True, text=True, check=True).stdout
    return dict(line.split("=", 1) for line in listed.splitlines() if "=" in line)


def data_clean(disk, tmp, arch="x86_64"):
    """/data's journal replayed on a copy, then a full check that must find nothing: None, or why not."""
    offset, size = partition(disk, DATA_PARTITION[arch])
    data = pathlib.Path(tmp) / "data.ext4"
    subprocess.run(["dd", f"if={disk}", f"of={data}", "bs=512", f"skip={offset // 512}", f"count={size // 512}",
                    "status=none"], check=True)
    # The journal alone is replayed (what the next boot's mount does), then nothing else may
    # need repair: a repairing e2fsck -fy would hide damage behind its exit status 1.
    replay = subprocess.run(["e2fsck", "-y", "-E", "journal_only", str(data)], capture_output=True, text=True)
    check = subprocess.run(["e2fsck", "-fn", str(data)], capture_output=True, text=True)
    data.unlink()
    if replay.returncode > 1 or check.returncode != 0:
        return (f"e2fsck -E journal_only exit {replay.returncode}, then -fn exit {check.returncode}:"
                f" {check.stdout.splitlines()[-3:]}")
    return None


class Board:
    """One power-on of the disk: QEMU with the user network (and a USB stick), the console
    typed at, and what it said. `expect` reads until a line matches; every line read on the
    way is noted in `seen`, which the caller keeps across power-ons. Every power-on is in
    `powered`, so a test that fails can cut them all (QEMU would go on running alone)."""

    powered = []

    def __init__(self, disk, log, seen, started, stick=None, arch="x86_64"):
        # x86_64: a reboot ends QEMU (-no-reboot) and the board is started again, cold, as a
        # power cycle. After QEMU's warm reset under OVMF, slot B's kernel came 28 s after GRUB's
        # line and its first frame 18.8 s after the kernel, against 4-5 s and 11.6 s cold
        # (docs/updates.md); `make update-test` reboots five times. GRUB's count is on the disk
        # either way. The card (U-Boot) keeps QEMU's warm reset: not measured there.
        self.restarts = arch == "x86_64"
        cmd = qemu_command(disk, arch, reboot=not self.restarts)
        cmd += ["-nic", "user,model=virtio-net-pci"]
        if stick:
            cmd += ["-device", "qemu-xhci", "-drive", f"if=none,id=stick,format=raw,file={stick}",
                    "-device", "usb-storage,drive=stick"]
        self.cmd, self.log = cmd, log
        self.console = QemuConsole(cmd, log, append=True, keep=60, stdin=True)
        self.seen, self.started = seen, started
        Board.powered.append(self)

    def lines(self, deadline):
        """The console's lines until `deadline`, across the guest's reboots (`restarts`)."""
        while True:
            self.console.deadline = deadline
            yield from self.console.lines()
            if not self.restarts or self.console.ended_at is None or self not in Board.powered:
                return
            self.console.stop()
            tail = self.console.tail
            self.console = QemuConsole(self.cmd, self.log, append=True, keep=60, stdin=True)
            self.console.tail = tail
            self.note("the guest reset: QEMU started again")

    def note(self, what):
        print(f"update-test: {time.monotonic() - self.started:.0f} s: {what}", flush=True)

    def record(self, text):
        seen = self.seen
        if LOCKED_UP.search(text):
            raise GuestLockedUp(text.strip(), list(self.console.tail))
        slot = seen["boots"][-1][0] if seen["boots"] else "?"
        if (m := BOOT_SLOT.search(text)):
            seen["boots"].append((m.group(1), int(m.group(2))))
            self.note(f"the boot loader boots slot {m.group(1)}, try {m.group(2)}")
        if (m := FIRST_FRAME.search(text)):
            seen["frames"].append((slot, float(m.group(1))))
            self.note(f"first frame on slot {slot} at {m.group(1)} s since boot")
        for key, pattern in (("confirmed", CONFIRMED), ("no_frame", NO_FRAME), ("unstartable", UNSTARTABLE)):
            if (m := pattern.search(text)):
                seen[key].append(m.group(1))
                self.note(text.strip())
        if (m := FELL_BACK.search(text)):
            seen["fell_back"].append(m.groups())
            self.note(text.strip())
        if (m := WAITS.search(text)):
            h, mi, sec = (int(g) for g in m.groups()[1:])
            seen.setdefault("waits", []).append((m.group(1), h * 3600 + mi * 60 + sec, time.monotonic()))
        if (m := INSTALLED.search(text)):
            seen.setdefault("installed", []).append(m.groups())
        if m or (m := REFUSED.search(text)):
            self.note(text.strip())

    def expect(self, pattern, timeout, what):
        """The first match of `pattern` in the lines to come, or a failure naming `what`."""
        regex = re.compile(pattern)
        for text in self.lines(time.monotonic() + timeout):
            self.record(text)
            if (m := regex.search(text)):
                return m
        fail(f"no {what} within {timeout} s", self.console.tail)

    def type(self, line):
        self.note(f"typed: {line}")
        self.console.send((line + "\n").encode())

    def reply(self, command, first_key, timeout=30):
        """A console command's text reply: its `key: value` lines (nested ones indented) from
        `first_key` on, until a line of another kind (the prompt, a log line)."""
        self.type(command)
        # A reply after an asynchronous line starts by clearing the prompt's line.
        m = self.expect(rf"^\r?(?:playhead> )?\r?(?:\x1b\[2K)?({first_key}:.*)$", timeout, f"answer to `{command}`")
        lines = [m.group(1)]
        # The reply came in one write: its other lines are most often read already, in the chunk
        # whose line matched; the console hands those out first.
        for text in self.lines(time.monotonic() + 3):
            self.record(text)
            if not re.match(r"^(?:  )*[a-z][a-z-]*:( |$)", text):
                break
            lines.append(text)
            # The prompt drawn again after the last line: the reply is whole.
            if self.console.buffer.lstrip(b"\r").startswith(b"playhead> "):
                break
        return "\n".join(lines)

    def cut(self):
        """The power: QEMU killed, no shutdown, no sync. Twice is harmless."""
        if self in Board.powered:
            Board.powered.remove(self)
            self.console.stop()

    @classmethod
    def cut_all(cls):
        for board in list(cls.powered):
            board.cut()


def on_b(disk, tmp, arch="x86_64"):
    """The boot loader's count after the update: B first, good, no tries left over."""
    if arch == "arm64":
        env = ubootenv(disk, tmp)
        if not env.get("BOOT_ORDER", "").startswith("B") or env.get("BOOT_B_LEFT") != "3":
            fail(f"U-Boot's boot count after the update: {env} (want BOOT_ORDER starting with B, BOOT_B_LEFT=3)")
        return env
    env = grubenv(disk, tmp)
    if not env.get("ORDER", "").startswith("B") or env.get("B_OK") != "1" or env.get("B_TRY") != "0":
        fail(f"GRUB's environment after the update: {env} (want ORDER starting with B, B_OK=1, B_TRY=0)")
    return env


def back_on_a(disk, tmp, arch="x86_64"):
    """The boot loader's count after slot B failed: A good with no tries left over, B not
    bootable; under U-Boot A first again (slot-confirm's mark-active)."""
    if arch == "arm64":
        env = ubootenv(disk, tmp)
        if not env.get("BOOT_ORDER", "").startswith("A") or env.get("BOOT_A_LEFT") != "3" or env.get("BOOT_B_LEFT") != "0":
            fail(f"U-Boot's boot count after slot B failed: {env} (want BOOT_ORDER starting with A, BOOT_A_LEFT=3, BOOT_B_LEFT=0)")
        return env
    env = grubenv(disk, tmp)
    if env.get("A_OK") != "1" or env.get("A_TRY") != "0" or env.get("B_OK") != "0":
        fail(f"GRUB's environment after slot B failed: {env} (want A_OK=1, A_TRY=0, B_OK=0)")
    return env


def back_on_b(disk, tmp, arch, bad, report):
    """`update` and the boot loader's count after slot A failed: B good and first, A spent."""
    if not report.startswith("slot: B\n") or "  state: bad" not in report or f"fell-back: slot A (version {bad})" not in report:
        fail(f"`update` back on slot B said {report!r}: want slot B, A bad, and why")
    env = ubootenv(disk, tmp) if arch == "arm64" else grubenv(disk, tmp)
    if arch == "arm64":
        ok = env.get("BOOT_ORDER", "").startswith("B") and env.get("BOOT_B_LEFT") == "3" and env.get("BOOT_A_LEFT") == "0"
    else:
        ok = env.get("B_OK") == "1" and env.get("B_TRY") == "0" and env.get("A_OK") == "0"
    if not ok:
        fail(f"the boot loader's count back on slot B: {env} (want B first and good, A spent)")
    return env
