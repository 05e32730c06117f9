"""What image-test.py and update-test.py share about the x86_64 disk image and the arm64 card:
QEMU's command line for them, their partitions, the slot's kernel and the kernel parameters
the boot loader passes (GRUB's grub.cfg, U-Boot's boot.scr). Python's standard library only."""
import json
import pathlib
import re
import shutil
import subprocess
import sys

# QEMU's machines are the emulated boards' (board/emulated/boot).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "emulated" / "boot"))
from machine import ARCHES  # noqa: E402
from net_check import RTC_BASE  # noqa: E402

# The x86_64 image boots through UEFI (GRUB, A/B slots): Debian's OVMF as QEMU's firmware.
OVMF = pathlib.Path("/usr/share/ovmf/OVMF.fd")
# The arm64 card boots through Debian's u-boot-qemu (qemu_arm64) as QEMU's firmware, running the
# card's own boot script as the Pi's U-Boot does.
UBOOT = pathlib.Path("/usr/lib/u-boot/qemu_arm64/u-boot.bin")
# /data's partition: after the two root slots on x86_64; on the arm64 card the last logical
# partition, after the slots' kernel FATs (mkdisk.sh).
DATA_PARTITION = {"x86_64": 4, "arm64": 7}


def qemu_command(image, arch, reboot=False):
    """QEMU for the image; `reboot`: the guest's reboot restarts the machine (the boot counting's
    tries) instead of ending QEMU."""
    machine = ARCHES[arch]
    qemu = shutil.which(machine["qemu"]) or sys.exit(f"image-test: {machine['qemu']} is missing; run 'make deps'")
    common = [*machine["machine"], "-accel", "tcg", "-smp", "2", "-nodefaults", "-display", "none", "-monitor", "none",
              "-serial", "stdio", *([] if reboot else ["-no-reboot"]), "-rtc", f"base={RTC_BASE}"]
    if arch == "x86_64":
        if not OVMF.exists():
            sys.exit(f"image-test: {OVMF} is missing; run 'make deps' (ovmf)")
        return [qemu, "-m", "512", *common, "-bios", str(OVMF), "-drive", f"file={image},format=raw,if=virtio",
                "-audiodev", "none,id=snd0", "-device", "intel-hda", "-device", "hda-output,audiodev=snd0",
                "-device", "i6300esb"]
    if not UBOOT.exists():
        sys.exit(f"image-test: {UBOOT} is missing; run 'make deps' (u-boot-qemu)")
    return [qemu, "-m", "1024", *common, "-bios", str(UBOOT),
            "-drive", f"file={image},format=raw,if=none,id=card", "-device", "virtio-blk-pci,drive=card"]


def partition(image, number):
    """(offset, size) in bytes of partition `number` as the kernel numbers it (5 and up: logical)."""
    table = json.loads(subprocess.run(["sfdisk", "-J", str(image)], capture_output=True, text=True, check=True).stdout)
    for part in table["partitiontable"]["partitions"]:
        if re.search(r"(\d+)$", part["node"]).group(1) == str(number):
            return part["start"] * 512, part["size"] * 512
    sys.exit(f"image-test: {image} has no partition {number}")


def fat_get(disk, name, dest):
    """A file of the disk's first partition (the boot FAT) copied out with mtools, no mount."""
    offset, _ = partition(disk, 1)
    subprocess.run(["mcopy", "-o", "-n", "-i", f"{disk}@@{offset}", f"::/{name}", str(dest)], check=True)


def fat_put(disk, source, name):
    """`source` written over the boot FAT's file `name`."""
    offset, _ = partition(disk, 1)
    subprocess.run(["mcopy", "-o", "-i", f"{disk}@@{offset}", str(source), f"::/{name}"], check=True)


def slot_boot_files(disk, tmp):
    """The kernel and early boot of slot A, read from its squashfs (unsquashfs on a copy of
    the partition), for booting them with QEMU's -kernel."""
    where = pathlib.Path(tmp) / "slot-a"
    where.mkdir(exist_ok=True)
    offset, size = partition(disk, 2)
    sqfs = where / "root.sqfs"
    subprocess.run(["dd", f"if={disk}", f"of={sqfs}", "bs=512", f"skip={offset // 512}", f"count={size // 512}",
                    "status=none"], check=True)
    for name in ("vmlinuz", "initrd.gz"):
        with open(where / name, "wb") as out:
            subprocess.run(["unsquashfs", "-cat", str(sqfs), f"usr/lib/boot/{name}"], stdout=out, check=True)
    sqfs.unlink()
    return where


def add_kernel_args(disk, tmp, words, arch="x86_64"):
    """Kernel parameters added to every boot of the disk: grub.cfg's `extra` on the FAT, or on the
    arm64 card boot.cmd's, made into boot.scr again."""
    if arch == "arm64":
        cmd = pathlib.Path(tmp) / "boot.cmd"
        fat_get(disk, "boot.cmd", cmd)
        text = cmd.read_text()
        if "\nsetenv extra\n" not in text:
            sys.exit("image-test: no `setenv extra` line in boot.cmd")
        cmd.write_text(text.replace("\nsetenv extra\n", f'\nsetenv extra "{words}"\n', 1))
        scr = pathlib.Path(tmp) / "boot.scr"
        subprocess.run(["mkimage", "-A", "arm64", "-O", "linux", "-T", "script", "-C", "none", "-d", str(cmd), str(scr)],
                       check=True, stdout=subprocess.DEVNULL)
        for f in (cmd, scr):
            fat_put(disk, f, f.name)
        return
    cfg = pathlib.Path(tmp) / "grub.cfg"
    fat_get(disk, "grub/grub.cfg", cfg)
    text = cfg.read_text()
    if 'set extra=""' not in text:
        sys.exit("image-test: no `set extra=\"\"` line in grub.cfg")
    cfg.write_text(text.replace('set extra=""', f'set extra="{words}"', 1))
    fat_put(disk, cfg, "grub/grub.cfg")
