#!/usr/bin/env python3
"""Where the x86_64 image's kernel stage goes: its kernel and early boot booted as image-test
boots them (QEMU's -kernel, the image's disk and devices) with `initcall_debug` and a root that
never comes, so that the early boot opens its rescue shell; there `dmesg` gives each initcall's
time and the moment the kernel ran /init. Prints the sum of the initcalls, the longest ones, and
the kernel's own time to /init. A measurement for docs/boot-time.md, not a test.
Usage: kernel-initcalls.py IMAGE [--top N] [--log LOG]"""
import argparse
import pathlib
import re
import shutil
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "emulated" / "boot"))
from qemu_console import QemuConsole  # noqa: E402
from image_disk import qemu_command, slot_boot_files  # noqa: E402

# Lines the guest's shell prints back, each tagged so that the echo of the command is not one.
CALL = re.compile(r"^CALL (\d+) (\S+)$")
INIT = re.compile(r"^INIT \[\s*([0-9.]+)\]")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("image", type=pathlib.Path)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--log", default="build/image/console-initcalls.log")
    args = parser.parse_args()
    if not args.image.exists():
        sys.exit(f"kernel-initcalls: no {args.image}; run 'make image' first")
    with tempfile.TemporaryDirectory() as tmp:
        disk = pathlib.Path(tmp) / "disk.img"
        shutil.copyfile(args.image, disk)
        fat = slot_boot_files(disk, tmp)
        append = "root=/dev/vdq console=ttyS0 panic=5 playhead.root_wait=2 playhead.rescue initcall_debug log_buf_len=4M"
        cmd = qemu_command(disk, "x86_64") + ["-kernel", str(fat / "vmlinuz"), "-initrd", str(fat / "initrd.gz"), "-append", append]
        pathlib.Path(args.log).parent.mkdir(parents=True, exist_ok=True)
        console = QemuConsole(cmd, args.log, keep=40, stdin=True)
        console.deadline = time.monotonic() + 120
        calls, init = [], None
        for text in console.lines():
            if "a shell on the console" in text:
                # Tagged lines only: "initcall NAME+0x.../0x... returned 0 after N usecs".
                console.send(b"dmesg | sed -n 's/.*initcall \\([^ ]*\\) returned .* after \\([0-9]*\\) usecs/CALL \\2 \\1/p';"
                             b" dmesg | sed -n 's/^\\(\\[[ 0-9.]*\\]\\) Run \\/init.*/INIT \\1/p'; echo DONE-$((6 * 7))\n")
            if m := CALL.match(text.strip()):
                calls.append((int(m.group(1)), m.group(2).split("+")[0]))
            if m := INIT.match(text.strip()):
                init = float(m.group(1))
            if text.strip() == "DONE-42":
                console.deadline = time.monotonic()
        console.stop()
    if not calls or init is None:
        sys.exit(f"kernel-initcalls: no initcall times or no /init line from the guest (its console: {args.log})")
    total = sum(us for us, _ in calls) / 1e6
    print(f"kernel-initcalls: /init ran {init:.2f} s after the kernel's clock started; {len(calls)} initcalls took {total:.2f} s of it")
    for us, name in sorted(calls, reverse=True)[:args.top]:
        print(f"kernel-initcalls:   {us / 1000:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
