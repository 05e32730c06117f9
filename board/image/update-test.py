#!/usr/bin/env python3
"""An A/B update of the x86_64 image under QEMU (`make update-test`; docs/updates.md), on a
copy of the image, with a good bundle or (--bad) one whose playhead never shows a frame. The
bundle is on a second virtio disk (ext4, made without root by mke2fs -d); grub.cfg on the
copy's FAT gets playhead.update_test=/dev/vdb, under which rcS runs the image's update-test
hook: on slot A, once playhead plays and the slot is confirmed, `rauc install` and a reboot;
on the next slot that plays, `rauc status`. QEMU restarts the machine at the guest's reboot,
as a board does. Checked from the console: GRUB booting slot A, a first frame, RAUC's install
succeeding, GRUB booting slot B on its first try, a first frame there, `rauc status` saying B
booted and is the primary slot with the bundle's version, slot-confirm marking each slot good
after its first frame; then, on the host, GRUB's environment block on the FAT (ORDER starts
with B, B_OK=1, B_TRY=0). With --bad: slot B booted three times, each ending in slot-confirm's
reboot for want of a first frame, then slot A again, playing, saying why, B marked bad. With
--unbootable (no bundle): grubenv on the copy's FAT says the empty slot B is good and first;
GRUB must fail to start it three times, rebooting each time, then boot slot A, which plays.
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
CONFIRMED = re.compile(r"slot-confirm: first frame: slot (\w+) is confirmed")
NO_FRAME = re.compile(r"slot-confirm: no first frame within \d+ s on slot (\w+): rebooting")
UNSTARTABLE = re.compile(r"grub: slot (\w+) cannot be started")
FELL_BACK = re.compile(r"slot-confirm: slot (\w+) \(version (\S+)\) showed no first frame in 3 boots: back on slot (\w+)")


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


def watch(console, started):
    """What the board said, boot by boot, until `rauc status` has been printed on a slot that
    slot-confirm has confirmed."""
    seen = {"boots": [], "frames": [], "status": {}, "confirmed": [], "no_frame": [], "fell_back": [],
            "unstartable": [], "installed": False, "failed": False, "done": False}

    def note(what):
        print(f"update-test: {time.monotonic() - started:.0f} s: {what}")

    for text in console.lines():
        slot = seen["boots"][-1][0] if seen["boots"] else "?"
        if (m := GRUB_SLOT.search(text)):
            seen["boots"].append((m.group(1), int(m.group(2))))
            note(f"GRUB boots slot {m.group(1)}, try {m.group(2)}")
        if (m := FIRST_FRAME.search(text)):
            seen["frames"].append((slot, float(m.group(1))))
            note(f"first frame on slot {slot} at {m.group(1)} s since boot")
        if "update-test: installed; rebooting" in text:
            seen["installed"] = True
            note("RAUC installed the bundle; the board reboots")
        if "update-test: install failed" in text or "update-test: no bundle" in text or "cannot mount" in text:
            seen["failed"] = True
            console.deadline = time.monotonic() + 2
        if (m := STATUS.search(text)):
            seen["status"][m.group(1)] = m.group(2)
        if (m := CONFIRMED.search(text)):
            seen["confirmed"].append(m.group(1))
            note(f"slot-confirm marked slot {m.group(1)} good")
        if (m := NO_FRAME.search(text)):
            seen["no_frame"].append(m.group(1))
            note(f"no first frame on slot {m.group(1)}: slot-confirm reboots")
        if (m := UNSTARTABLE.search(text)):
            seen["unstartable"].append(m.group(1))
            note(f"GRUB cannot start slot {m.group(1)}: it reboots")
        if (m := FELL_BACK.search(text)):
            seen["fell_back"].append(m.groups())
            note(f"back on slot {m.group(3)}, slot {m.group(1)} failed")
        if "update-test: status done" in text:
            seen["done"] = True
        if seen["done"] and seen["confirmed"] and seen["confirmed"][-1] == slot:
            console.deadline = time.monotonic()
        # No hook in the --unbootable run: it ends once slot A, after B's tries, is confirmed.
        if len(seen["unstartable"]) >= 3 and seen["confirmed"] and seen["fell_back"]:
            console.deadline = time.monotonic()
    return seen


def slot_status(status, bootname):
    """One slot's fields of `rauc status --output-format=shell`, found by its bootname: rauc
    numbers the slots in no fixed order."""
    n = next((k.rsplit("_", 1)[1] for k, v in status.items() if k.startswith("RAUC_SLOT_BOOTNAME_") and v == bootname), None)
    return {k.rsplit("_", 1)[0]: v for k, v in status.items() if n and k.endswith(f"_{n}")}


def check_good(seen, env, version, tail):
    boots, frames, status = seen["boots"], seen["frames"], seen["status"]
    if boots[:2] != [("A", 1), ("B", 1)]:
        fail(f"GRUB did not boot slot A and then, after the install, slot B, each on its first try (boots: {boots})", tail)
    if [slot for slot, _ in frames[:2]] != ["A", "B"]:
        fail(f"no first frame on slot A and then on slot B (frames: {frames})", tail)
    if not seen["done"]:
        fail("no `rauc status` from slot B", tail)
    booted, primary = status.get("RAUC_SYSTEM_BOOTED_BOOTNAME"), status.get("RAUC_BOOT_PRIMARY")
    if booted != "B" or primary != "rootfs.1":
        fail(f"rauc status on slot B: booted {booted!r}, primary {primary!r} (want B, rootfs.1)", tail)
    slot_b = slot_status(status, "B")
    want = {"RAUC_SLOT_STATE": "booted", "RAUC_SLOT_BOOT_STATUS": "good", "RAUC_SLOT_STATUS_BUNDLE_VERSION": version}
    if any(slot_b.get(k) != v for k, v in want.items()):
        fail(f"rauc status: slot B is {slot_b} (want {want})", [f"{k}={v}" for k, v in sorted(status.items())])
    # Slot A's first frame confirmed A (the install waits for it); B's confirms B.
    if seen["confirmed"][:2] != ["A", "B"]:
        fail(f"slot-confirm did not mark slot A and then slot B good after their first frames ({seen['confirmed']})", tail)
    if not env.get("ORDER", "").startswith("B") or env.get("B_OK") != "1" or env.get("B_TRY") != "0":
        fail(f"GRUB's environment after the update: {env} (want ORDER starting with B, B_OK=1, B_TRY=0)")
    return (f"slot B booted and played (first frame {frames[1][1]:.2f} s after its kernel started); rauc status:"
            f" booted B, primary rootfs.1, version {version}; grubenv {env}")


def check_bad(seen, env, version, tail):
    boots, frames, status = seen["boots"], seen["frames"], seen["status"]
    want = [("A", 1), ("B", 1), ("B", 2), ("B", 3), ("A", 1)]
    if boots != want:
        fail(f"GRUB's boots were {boots}, not {want}: three tries of slot B, then slot A", tail)
    if [slot for slot, _ in frames] != ["A", "A"]:
        fail(f"first frames {frames}: want one on slot A before and one after, none on slot B", tail)
    if seen["no_frame"] != ["B", "B", "B"]:
        fail(f"slot-confirm's reboots for want of a frame: {seen['no_frame']} (want three on slot B)", tail)
    if seen["fell_back"] != [("B", version, "A")]:
        fail(f"back on slot A, slot-confirm said {seen['fell_back']} (want slot B, version {version})", tail)
    if seen["confirmed"] != ["A", "A"] or not seen["done"]:
        fail(f"slot A not confirmed before and after, or no status ({seen['confirmed']})", tail)
    booted, primary = status.get("RAUC_SYSTEM_BOOTED_BOOTNAME"), status.get("RAUC_BOOT_PRIMARY")
    slot_b = slot_status(status, "B")
    if booted != "A" or primary != "rootfs.0" or slot_b.get("RAUC_SLOT_BOOT_STATUS") != "bad":
        fail(f"rauc status back on A: booted {booted!r}, primary {primary!r}, slot B {slot_b}", tail)
    if env.get("A_OK") != "1" or env.get("A_TRY") != "0" or env.get("B_OK") != "0":
        fail(f"GRUB's environment after the failed update: {env} (want A_OK=1, A_TRY=0, B_OK=0)")
    return (f"slot B (version {version}) showed no frame in 3 boots; back on slot A, playing, confirmed;"
            f" B marked bad; grubenv {env}")


def check_unbootable(seen, env, tail):
    want = [("B", 1), ("B", 2), ("B", 3), ("A", 1)]
    if seen["boots"] != want or seen["unstartable"] != ["B", "B", "B"]:
        fail(f"GRUB's boots {seen['boots']}, slots it could not start {seen['unstartable']}: want {want},"
             " slot B unstartable three times", tail)
    if [slot for slot, _ in seen["frames"]] != ["A"] or seen["confirmed"] != ["A"]:
        fail(f"no first frame on slot A confirmed after B's tries ({seen['frames']}, {seen['confirmed']})", tail)
    if [(f, t) for f, _, t in seen["fell_back"]] != [("B", "A")]:
        fail(f"back on slot A, slot-confirm said {seen['fell_back']}", tail)
    if env.get("A_OK") != "1" or env.get("A_TRY") != "0" or env.get("B_OK") != "0":
        fail(f"GRUB's environment afterwards: {env} (want A_OK=1, A_TRY=0, B_OK=0)")
    return f"GRUB could not start the empty slot B three times, then slot A played and was confirmed; grubenv {env}"


def set_grubenv(disk, tmp, **values):
    offset, _ = partition(disk, 1)
    env = pathlib.Path(tmp) / "grubenv.set"
    subprocess.run(["mcopy", "-n", "-i", f"{disk}@@{offset}", "::/grub/grubenv", str(env)], check=True)
    subprocess.run(["grub-editenv", str(env), "set", *[f"{k}={v}" for k, v in values.items()]], check=True)
    subprocess.run(["mcopy", "-o", "-i", f"{disk}@@{offset}", str(env), "::/grub/grubenv"], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("image", type=pathlib.Path)
    parser.add_argument("bundle", type=pathlib.Path, nargs="?")
    parser.add_argument("--bad", action="store_true", help="the bundle's playhead never shows a frame (bad-bundle.sh)")
    parser.add_argument("--unbootable", action="store_true", help="no bundle: slot B, empty, marked good in grubenv")
    parser.add_argument("--keyring", default=str(pathlib.Path(__file__).resolve().parent.parent / "keys" / "development.cert.pem"))
    parser.add_argument("--log", default="console-update.log")
    parser.add_argument("--timeout", type=int, default=900, help="seconds for the whole run")
    args = parser.parse_args()
    if (args.bundle is None) != args.unbootable:
        fail("a bundle, or --unbootable without one")
    for path in (args.image, args.bundle or args.image):
        if not path.exists():
            fail(f"{path} is missing; run 'make bundle' first")
    version = None if args.unbootable else bundle_version(args.bundle, args.keyring)
    pathlib.Path(args.log).write_text("")
    with tempfile.TemporaryDirectory() as tmp:
        disk = pathlib.Path(tmp) / "disk.img"
        subprocess.run(["cp", "--sparse=always", str(args.image), str(disk)], check=True)
        cmd = qemu_command(disk, "x86_64", None, reboot=True)
        if args.unbootable:
            set_grubenv(disk, tmp, ORDER="B A", B_OK=1, B_TRY=0)
        else:
            add_kernel_args(disk, tmp, "playhead.update_test=/dev/vdb")
            cmd += ["-drive", f"file={bundle_disk(args.bundle, tmp)},format=raw,if=virtio,readonly=on"]
        console = QemuConsole(cmd, args.log, append=True, keep=40)
        started = time.monotonic()
        console.deadline = started + args.timeout
        seen = watch(console, started)
        console.stop()
        if args.unbootable:
            print("update-test: " + check_unbootable(seen, grubenv(disk, tmp), console.tail))
            return
        if seen["failed"]:
            fail("the install on slot A failed", console.tail)
        if not seen["installed"]:
            fail("RAUC did not install the bundle on slot A", console.tail)
        env = grubenv(disk, tmp)
        print("update-test: " + (check_bad if args.bad else check_good)(seen, env, version, console.tail))


main()
