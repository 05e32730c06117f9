#!/usr/bin/env python3
"""An A/B update of the x86_64 image under QEMU (`make update-test`; docs/updates.md), on a
copy of the image. The bundle is on a second virtio disk (ext4, made without root by mke2fs
-d); grub.cfg on the copy's FAT gets playhead.update_test=/dev/vdb, under which rcS runs the
image's update-test hook: on slot A, once playhead plays, `rauc install` and a reboot; on slot
B, once it plays, `rauc status`. QEMU restarts the machine at the guest's reboot, as a board
does. Checked from the console: GRUB booting slot A, a first frame, RAUC's install succeeding,
GRUB booting slot B on its first try, a first frame there, `rauc status` saying B booted and is
the primary slot with the bundle's version; then, on the host, GRUB's environment block on the
FAT (ORDER starts with B, B_OK=1).
Python's standard library only."""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "emulated" / "boot"))
from qemu_console import QemuConsole  # noqa: E402
from image_disk import add_kernel_args, partition, qemu_command  # noqa: E402

FIRST_FRAME = re.compile(r"first frame on screen at ([0-9.]+) s since boot")
GRUB_SLOT = re.compile(r"grub: slot (\w+), try (\d+) of (\d+)")
STATUS = re.compile(r"update-test: status: (RAUC_\w+)='?([^']*)'?")


def fail(why, tail=()):
    print(f"update-test: {why}", file=sys.stderr)
    for text in tail:
        print("  | " + text, file=sys.stderr)
    sys.exit(1)


def bundle_disk(bundle, tmp):
    """An ext4 image holding the bundle alone, for QEMU's second virtio disk."""
    folder = pathlib.Path(tmp) / "bundle-disk"
    folder.mkdir()
    (folder / bundle.name).write_bytes(bundle.read_bytes())
    disk = pathlib.Path(tmp) / "bundle.ext4"
    size_mb = bundle.stat().st_size // (1024 * 1024) + 16
    subprocess.run(["mke2fs", "-q", "-t", "ext4", "-d", str(folder), str(disk), f"{size_mb}M"], check=True)
    return disk


def bundle_version(bundle, keyring):
    info = subprocess.run(["rauc", "info", f"--keyring={keyring}", str(bundle)], capture_output=True, text=True)
    m = re.search(r"Version:\s*'([^']*)'", info.stdout)
    return m.group(1) if m else fail(f"rauc info cannot read {bundle}: {info.stderr.strip()[-300:]}")


def grubenv(disk, tmp):
    offset, _ = partition(disk, 1)
    env = pathlib.Path(tmp) / "grubenv"
    subprocess.run(["mcopy", "-n", "-i", f"{disk}@@{offset}", "::/grub/grubenv", str(env)], check=True)
    listed = subprocess.run(["grub-editenv", str(env), "list"], capture_output=True, text=True, check=True).stdout
    return dict(line.split("=", 1) for line in listed.splitlines() if "=" in line)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("image", type=pathlib.Path)
    parser.add_argument("bundle", type=pathlib.Path)
    parser.add_argument("--keyring", default=str(pathlib.Path(__file__).resolve().parent.parent / "keys" / "development.cert.pem"))
    parser.add_argument("--log", default="console-update.log")
    parser.add_argument("--timeout", type=int, default=900, help="seconds for the whole run")
    args = parser.parse_args()
    for path in (args.image, args.bundle):
        if not path.exists():
            fail(f"{path} is missing; run 'make bundle' first")
    version = bundle_version(args.bundle, args.keyring)
    pathlib.Path(args.log).write_text("")
    with tempfile.TemporaryDirectory() as tmp:
        disk = pathlib.Path(tmp) / "disk.img"
        subprocess.run(["cp", "--sparse=always", str(args.image), str(disk)], check=True)
        add_kernel_args(disk, tmp, "playhead.update_test=/dev/vdb")
        cmd = qemu_command(disk, "x86_64", None, reboot=True)
        cmd += ["-drive", f"file={bundle_disk(args.bundle, tmp)},format=raw,if=virtio,readonly=on"]
        console = QemuConsole(cmd, args.log, append=True, keep=40)
        started = time.monotonic()
        console.deadline = started + args.timeout
        boots, frames, status = [], [], {}
        installed = failed = done = False
        confirmed = []
        for text in console.lines():
            if (m := GRUB_SLOT.search(text)):
                boots.append((m.group(1), int(m.group(2))))
                print(f"update-test: {time.monotonic() - started:.0f} s: GRUB boots slot {m.group(1)}, try {m.group(2)}")
            if (m := FIRST_FRAME.search(text)):
                frames.append((boots[-1][0] if boots else "?", float(m.group(1))))
                print(f"update-test: {time.monotonic() - started:.0f} s: first frame on slot {frames[-1][0]}"
                      f" at {m.group(1)} s since boot")
            if "update-test: installed; rebooting" in text:
                installed = True
                print(f"update-test: {time.monotonic() - started:.0f} s: RAUC installed the bundle; the board reboots")
            if "update-test: install failed" in text or "update-test: no bundle" in text or "cannot mount" in text:
                failed = True
                console.deadline = time.monotonic() + 2
            if (m := STATUS.search(text)):
                status[m.group(1)] = m.group(2)
            if "first frame: the slot is confirmed" in text or "the slot could not be marked good" in text:
                confirmed.append((boots[-1][0] if boots else "?", text))
            if "update-test: status done" in text:
                done = True
                # The supervisor's mark-good may come a little after the status.
                console.deadline = min(console.deadline, time.monotonic() + 30)
            if done and any(slot == "B" for slot, _ in confirmed):
                console.deadline = time.monotonic()
        console.stop()
        tail = console.tail
        if failed:
            fail("the install on slot A failed", tail)
        if not boots or boots[0] != ("A", 1):
            fail(f"GRUB did not boot slot A first, on its first try (boots: {boots})", tail)
        if not frames or frames[0][0] != "A":
            fail("no first frame on slot A", tail)
        if not installed:
            fail("RAUC did not install the bundle on slot A", tail)
        if len(boots) < 2 or boots[1] != ("B", 1):
            fail(f"after the install GRUB did not boot slot B on its first try (boots: {boots})", tail)
        if len(frames) < 2 or frames[1][0] != "B":
            fail("no first frame on slot B", tail)
        if not done:
            fail("no `rauc status` from slot B", tail)
        booted, primary = status.get("RAUC_SYSTEM_BOOTED_BOOTNAME"), status.get("RAUC_BOOT_PRIMARY")
        if booted != "B" or primary != "rootfs.1":
            fail(f"rauc status on slot B: booted {booted!r}, primary {primary!r} (want B, rootfs.1)", tail)
        # rauc numbers the slots in its shell output in no fixed order: B's number by its bootname.
        n = next((k.rsplit("_", 1)[1] for k, v in status.items() if k.startswith("RAUC_SLOT_BOOTNAME_") and v == "B"), None)
        slot_b = {k.rsplit("_", 1)[0]: v for k, v in status.items() if n and k.endswith(f"_{n}")}
        want = {"RAUC_SLOT_STATE": "booted", "RAUC_SLOT_BOOT_STATUS": "good", "RAUC_SLOT_STATUS_BUNDLE_VERSION": version}
        if any(slot_b.get(k) != v for k, v in want.items()):
            fail(f"rauc status: slot B is {slot_b} (want {want})", [f"{k}={v}" for k, v in sorted(status.items())])
        # Slot A's first frame confirmed slot A; slot B's confirms B, which resets its tries.
        for slot in ("A", "B"):
            said = [t for s, t in confirmed if s == slot]
            if not said or "is confirmed" not in said[0]:
                fail(f"slot {slot}: the supervisor did not mark the slot good after the first frame ({said})", tail)
        env = grubenv(disk, tmp)
        if not env.get("ORDER", "").startswith("B") or env.get("B_OK") != "1" or env.get("B_TRY") != "0":
            fail(f"GRUB's environment after the update: {env} (want ORDER starting with B, B_OK=1, B_TRY=0)")
        print(f"update-test: slot B booted and played (first frame {frames[1][1]:.2f} s after its kernel started);"
              f" rauc status: booted B, primary rootfs.1, version {version}; grubenv {env}")


main()
