#!/usr/bin/env python3
"""Boots the disk image under QEMU (TCG) as a board boots from its flash, on a copy of the
image made 64 MB larger, as a board's disk is: UEFI (OVMF) and GRUB counting the slot's tries,
the kernel, the early boot (e2fsck of /data, and its growth to the disk's end), the read-only root, BusyBox init, the supervisor and playhead. Once the first frame
is on screen it lets it play and write its logs a few seconds, then kills QEMU (a power cut),
boots the same copy again and wants the first frame again with /data checked and mounted.
Then, on the host, /data's journal is replayed on a copy of the partition and a full e2fsck must find it clean, with no whole log on
/data (it lives in RAM) and only warnings in /data/log/warnings; /data's partition and filesystem
must have grown once, to the disk's end. Then (x86_64), the kernel and
early boot with a root that never appears: a reboot 30 s after the notice and no shell, unless
playhead.rescue asks for one. Last (x86_64), a boot that counts /data's sectors written while
the demo loops, against a budget in bytes per hour.
Python's standard library only.

With --arch arm64 the image is the Raspberry Pi 4 card (make image ARCH=arm64) booted on QEMU's
virt machine: the Pi firmware's part (config.txt, its device tree) cannot run there, so
Debian's u-boot-qemu is QEMU's firmware and runs the card's own boot script (boot.scr), which
counts slot A's try on the FAT and loads its kernel and early boot from the slot's FAT; each
boot must say so. The rest (PARTUUIDs, /data, the root, init, playhead on the emulated board's
devices) is the card's as it is."""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

# QEMU's console reader and the arm64 machine are the emulated boards' (board/emulated/boot).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "emulated" / "boot"))
from qemu_console import QemuConsole, fail_with_tail  # noqa: E402
from net_check import (API_TOKEN, ChronyServer, NetWatch, check_networked, check_restored,  # noqa: E402
                       isolate, options_file, qemu_net)
from beside_command import BesideCommand  # noqa: E402
from date_server import DateServer  # noqa: E402
from boot_breakdown import BOOT_STAGES, breakdowns  # noqa: E402
from image_disk import DATA_PARTITION, add_kernel_args, partition, qemu_command, slot_boot_files  # noqa: E402

FIRST_FRAME = re.compile(r"first frame on screen at ([0-9.]+) s since boot")
RESUME = re.compile(r"resuming (\S+) at ([0-9.]+) s \(/var/lib/playhead/state\)")
# playhead, as its own user, opened the board's watchdog (QEMU's i6300esb on x86_64).
WATCHDOG = re.compile(r"watchdog /dev/watchdog: timeout [0-9]+ s")
FSCK = re.compile(r"boot: data partition (\S+): e2fsck status (\d+)")
# The boot loader's line for the slot it boots (grub.cfg's, boot.cmd's).
SLOT_LINE = re.compile(r"(grub|u-boot): slot (\w+), try (\d+) of 3")
# The test's disk is this much larger than the image: /data's first-boot growth.
MB = 1024 * 1024
GROW_MB = 64


def boot(cmd, log, timeout, linger, net=None, cable=False):
    """One boot until `linger` s after the first frame, then the power cut. `net` (a NetWatch)
    sees every line; with `cable` it also pulls the cable and plugs it back once playing, and
    the power is cut no sooner than the lease and an NTP sync are back (90 s at most after the
    first frame).
    Returns (seconds since boot of the first frame or None, e2fsck status or None, resumed,
    watchdog, the boot loader's (loader, slot, try) or None, console tail)."""
    console = QemuConsole(cmd, log, append=True, keep=25)
    console.deadline = time.monotonic() + timeout
    first = fsck = resumed = slot = None
    watchdog = False
    for text in console.lines():
        if (m := SLOT_LINE.search(text)) and slot is None:
            slot = m.groups()
        if (m := FSCK.search(text)) and fsck is None:
            fsck = int(m.group(2))
        watchdog = watchdog or bool(WATCHDOG.search(text))
        if (m := RESUME.search(text)) and resumed is None:
            resumed = (m.group(1), float(m.group(2)))
        if (m := FIRST_FRAME.search(text)) and first is None:
            first = float(m.group(1))
            cut = time.monotonic() + linger
            console.deadline = min(console.deadline, time.monotonic() + (90 if cable else linger))
        if net:
            net.see(text)
            # The cut as without the cable's test (`linger` after the first frame), or as soon as
            # the network is back when that takes longer.
            if cable and net.step(first is not None):
                console.deadline = max(cut, time.monotonic())
    console.stop()  # the power cut: no shutdown, no sync
    return first, fsck, resumed, watchdog, slot, console.tail


# The early boot's reboot after a missing root, shortened from its 30 s (the same wait).
REBOOT_DELAY = 4


def missing_root(disk, tmp, log, rescue):
    """Boots the image's kernel and early boot with a root that never appears (waited for 2 s,
    not 10: playhead.root_wait). Without playhead.rescue the early boot must say so and reboot
    (QEMU's -no-reboot then exits) REBOOT_DELAY s later (playhead.reboot_delay; 30 s by
    default), with no shell; with it, a shell must answer on the console. Returns (seconds from the reboot notice to QEMU's exit or
    None, shell answered, lines)."""
    fat = slot_boot_files(disk, tmp)
    append = f"root=/dev/vdq console=ttyS0 panic=5 playhead.root_wait=2 playhead.reboot_delay={REBOOT_DELAY}" + (" playhead.rescue" if rescue else "")
    cmd = qemu_command(disk, "x86_64") + ["-kernel", str(fat / "vmlinuz"), "-initrd", str(fat / "initrd.gz"),
                                                "-append", append]
    console = QemuConsole(cmd, log, append=True, keep=15, stdin=True)
    console.deadline = time.monotonic() + 90
    notice = None
    answered = False
    for text in console.lines():
        if f"rebooting in {REBOOT_DELAY} s" in text:
            notice = time.monotonic()
        if "a shell on the console" in text:
            console.send(b"echo rescue-$((6 * 7))\n")
        if "rescue-42" in text and "$((" not in text:
            answered = True
            console.deadline = time.monotonic()
    gone = console.ended_at  # QEMU's -no-reboot ends it at the guest's reboot
    console.stop()
    return (gone - notice if notice and gone else None), answered, console.tail


def network_options(disk, server, time_url):
    """network.txt on the card's FAT, as a technician would write it (net_check.options_file)."""
    offset, _ = partition(disk, 1)
    text = pathlib.Path(str(disk) + ".network.txt")
    text.write_text(options_file(server, time_url))
    subprocess.run(["mcopy", "-o", "-i", f"{disk}@@{offset}", str(text), "::/network.txt"], check=True)
    # The HTTP API's token: with it on the card, the supervisor turns the API on.
    token = pathlib.Path(str(disk) + ".http-token.txt")
    token.write_text(API_TOKEN + "\r\n")
    subprocess.run(["mcopy", "-o", "-i", f"{disk}@@{offset}", str(token), "::/http-token.txt"], check=True)


def debugfs(fs, request):
    return subprocess.run(["debugfs", "-R", request, str(fs)], capture_output=True, text=True).stdout


DISKSTATS = re.compile(r"rcS: diskstats (\S+) sectors-written (\d+) uptime ([0-9.]+)")
CLOCK_STATE = re.compile(r"clock: (synchronised=(?:yes|no) since=\d+ source=\S+)")


def data_writes(disk, tmp, log, timeout, window):
    """Boots the disk with playhead.diskstats added to GRUB's kernel command line, so rcS prints
    /data's sectors written (the kernel's disk statistics) every 5 s. From the first count 30 s
    after the first frame (the boot's own writes done) to the first one `window` s later, by the
    guest's uptime. On QEMU's user network with no NTP server (the test's chronyd is gone): the
    clock comes from TIME_URL's Date: header. Returns (bytes per hour or None, seconds measured,
    the clock's state lines, console tail)."""
    add_kernel_args(disk, tmp, "playhead.diskstats")
    command, _ = qemu_net(qemu_command(disk, "x86_64"), str(pathlib.Path(tmp) / "monitor-measure.sock"))
    console = QemuConsole(command, log, append=True, keep=25)
    console.deadline = time.monotonic() + timeout + 30 + window + 60
    first = start = end = None
    clock = []
    for text in console.lines():
        if (m := CLOCK_STATE.search(text)):
            clock.append(m.group(1))
        if (m := FIRST_FRAME.search(text)) and first is None:
            first = float(m.group(1))
        if (m := DISKSTATS.search(text)) and first is not None:
            count, uptime = int(m.group(2)), float(m.group(3))
            if start is None and uptime >= first + 30:
                start = (count, uptime)
            elif start and end is None and uptime >= start[1] + window:
                end = (count, uptime)
                break
    console.stop()
    tail = console.tail
    if end is None:
        return None, 0, clock, tail
    seconds = end[1] - start[1]
    return (end[0] - start[0]) * 512 * 3600 / seconds, seconds, clock, tail


def fail(why, tail=()):
    fail_with_tail("image-test", why, tail)


def check_grown(disk, offset, size, data, said):
    """/data's partition reaching the disk's end and its filesystem filling it, both grown once."""
    growing = re.findall(r"boot: data partition \S+: (\d+) MB after it", said)
    grown = re.findall(r"boot: data partition \S+: /data grown from (\d+) to (\d+) MB", said)
    if len(growing) != 1 or len(grown) != 1:
        fail(f"/data did not grow once onto the disk's {GROW_MB} MB more: the early boot said so"
             f" {len(growing)} times for its partition, {len(grown)} for its filesystem")
    left = disk.stat().st_size - (offset + size)
    if left > MB:
        fail(f"/data's partition ends {left // MB} MB before the disk's end")
    head = subprocess.run(["dumpe2fs", "-h", str(data)], capture_output=True, text=True).stdout
    fields = dict(re.findall(r"^(Block count|Block size):\s+(\d+)", head, re.M))
    fs = int(fields.get("Block count", 0)) * int(fields.get("Block size", 0))
    if size - fs > MB:
        fail(f"/data's filesystem is {fs // MB} MB in its {size // MB} MB partition")
    return (f"/data grew once, from {grown[0][0]} to {grown[0][1]} MB: its partition to the disk's end"
            f" ({GROW_MB} MB more than the image), its filesystem filling it ({fs // MB} MB)")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("image", type=pathlib.Path)
    parser.add_argument("--arch", choices=("x86_64", "arm64"), default="x86_64")
    parser.add_argument("--log", default="console-image.log")
    parser.add_argument("--timeout", type=int, default=180, help="seconds each boot may take to its first frame")
    # Longer than the state file's interval (10 s), so the place kept is a time inside an item.
    parser.add_argument("--linger", type=int, default=12, help="seconds of playing before the power is cut")
    # 60 s (rcS counted every 20 s then; every 5 s since, which spares up to 30 s of waiting for a
    # count at either end). Over a 180 s run the 60 s windows came to 27.8 to
    # 33.2 MB an hour, all within the budget; 180 s cost `make test` two minutes more.
    parser.add_argument("--measure", type=int, default=60, help="seconds of looping while /data's writes are counted (0: no measuring boot)")
    parser.add_argument("--budget", type=float, default=45e6,
                        help="bytes per hour /data may be written: 1.5 times the 29.5-30.4 MB measured (53.2 with state-interval = 2)")
    parser.add_argument("--beside-measuring", metavar="COMMAND",
                        help="a host command to run beside the measuring boot (after the boots without it), judged by its exit")
    args = parser.parse_args()
    isolate()
    if not args.image.exists():
        sys.exit(f"image-test: {args.image} is missing; run 'make image' first")
    pathlib.Path(args.log).write_text("")
    with tempfile.TemporaryDirectory() as tmp:
        disk = pathlib.Path(tmp) / "disk.img"
        subprocess.run(["cp", "--sparse=always", str(args.image), str(disk)], check=True)
        # A card or disk larger than the image, as a board's is: /data grows to its end at the
        # first boot (initramfs-init), and only then.
        os.truncate(disk, disk.stat().st_size + GROW_MB * MB)
        cmd = qemu_command(disk, args.arch)
        # Boot 1 on QEMU's user network with the host's NTP server, its cable pulled and plugged
        # back while playing; boot 2 with no network at all, its clock from /data alone.
        ntp = ChronyServer(tmp)
        dated = DateServer(tmp)
        try:
            network_options(disk, ntp.server, dated.url)
            times, synced_since = [], None
            for n in (1, 2):
                monitor_path = str(pathlib.Path(tmp) / "monitor.sock")
                boot_cmd, api_port = qemu_net(cmd, monitor_path) if n == 1 else (cmd, None)
                net = NetWatch(monitor_path, api_port)
                first, fsck, resumed, watchdog, slot, tail = boot(boot_cmd, args.log, args.timeout, args.linger,
                                                                  net=net, cable=n == 1)
                # The card boots through U-Boot's script, which counts slot A's try on the FAT.
                if args.arch == "arm64" and (slot is None or slot[:2] != ("u-boot", "A")):
                    fail(f"boot {n}: U-Boot's boot script did not say it boots slot A (it said {slot})", tail)
                if fsck is None:
                    fail(f"boot {n}: the early boot did not check /data", tail)
                if fsck >= 4:
                    fail(f"boot {n}: /data needs a manual e2fsck (status {fsck}) after a power cut", tail)
                if first is None:
                    fail(f"boot {n}: no first frame within {args.timeout} s", tail)
                times.append(first)
                if args.arch == "x86_64" and not watchdog:
                    fail(f"boot {n}: playhead did not say it feeds /dev/watchdog (mdev's group, the options file)", tail)
                # The place kept on /data before the first power cut is where the second boot goes on.
                if n == 2 and (resumed is None or (args.linger > 10 and resumed[1] <= 0)):
                    fail(f"boot 2: playhead did not resume inside an item from the state file on /data ({resumed})", tail)
                where = f"; resumed {resumed[0]} at {resumed[1]:.1f} s" if resumed else ""
                via = f"{slot[0]} booted slot {slot[1]} (try {slot[2]}); " if slot else ""
                print(f"image-test: boot {n}: {via}/data e2fsck status {fsck}, first frame {first:.2f} s after the kernel started;"
                      f" power cut {args.linger} s later{' (or once the network was back)' if n == 1 else ''}{where}")
                if n == 1:
                    failures, summary = check_networked(net, pathlib.Path(args.log).read_text(errors="replace"))
                    synced_since = next((s[1] for s in net.states if s[0] == "yes"), 0)
                else:
                    failures, summary = check_restored(net, synced_since)
                if failures:
                    fail(f"boot {n}: " + "; ".join(failures), tail)
                print(f"image-test: boot {n}: {summary}")
        finally:
            ntp.stop()
        # What no boot should say: a module of the image's lists that did not load (a name this
        # kernel lacks), or a supervisor left without its health check (no ph-socket).
        said = pathlib.Path(args.log).read_text(errors="replace")
        unloaded = sorted(set(re.findall(r"rcS: module (\S+) did not load", said)))
        if unloaded:
            fail(f"rcS could not load {' '.join(unloaded)}: not in this kernel, or a dependency missing from the image")
        if "playhead's answers are not checked" in said:
            fail("the supervisor does not check playhead's answers: ph-socket is missing from the image")
        # The host's own look at /data after the last cut: the journal replayed on a copy, then a
        # full check that must change nothing.
        offset, size = partition(disk, DATA_PARTITION[args.arch])
        data = pathlib.Path(tmp) / "data.ext4"
        subprocess.run(["dd", f"if={disk}", f"of={data}", "bs=512", f"skip={offset // 512}", f"count={size // 512}",
                        "status=none"], check=True)
        replay = subprocess.run(["e2fsck", "-fy", str(data)], capture_output=True, text=True)
        if replay.returncode > 1:
            fail(f"/data after the power cuts: e2fsck -fy exit {replay.returncode}", replay.stdout.splitlines()[-10:])
        check = subprocess.run(["e2fsck", "-fn", str(data)], capture_output=True, text=True)
        if check.returncode != 0:
            fail(f"/data after the power cuts: e2fsck -fn exit {check.returncode}", check.stdout.splitlines()[-10:])
        # Logs live in RAM (rcS); the warnings on /data are checked after the measuring boot.
        if "Inode:" in debugfs(data, "stat /log/messages"):
            fail("/data/log/messages exists: the whole log is written to the flash again")
        print(f"image-test: /data clean after two power cuts (journal replay exit {replay.returncode});"
              " no /data/log/messages")
        print("image-test: " + check_grown(disk, offset, size, data, said))
        print(f"image-test: boot to first frame from the disk image: {times[0]:.2f} s, then {times[1]:.2f} s")
        # playhead's breakdown with each first frame: every stage there, the boot's scripts' marks too.
        found = breakdowns(said)[:2]
        for n, stages in enumerate(found, 1):
            missing = [name for name in BOOT_STAGES if name not in stages]
            if missing:
                fail(f"boot {n}: playhead's boot breakdown lacks {', '.join(missing)} (the early boot's or rcS's"
                     f" /run/boot-marks, or playhead's own marks): {stages}")
        if len(found) < 2:
            fail("playhead did not print its boot breakdown ('boot: kernel ...') with each first frame")
        print("image-test: where each boot's seconds went, from the kernel's start (the firmware, the boot loader and"
              " the kernel's decompression before it are not counted):")
        print(f"image-test:   {'stage':<14}" + "".join(f"{'boot ' + str(n):>9}" for n in (1, 2)))
        for name in BOOT_STAGES:
            print(f"image-test:   {name:<14}" + "".join(f"{b[name]:9.2f}" for b in found))
        print(f"image-test:   {'first frame at':<14}" + "".join(f"{sum(b.values()):9.2f}" for b in found))
        if args.arch == "x86_64":
            # The root missing: no root shell for whoever holds the serial line, unless asked for.
            took, answered, tail = missing_root(disk, tmp, args.log, rescue=False)
            if answered or any("a shell on the console" in t for t in tail):
                fail("no root: the early boot opened a shell without playhead.rescue", tail)
            if took is None or not REBOOT_DELAY - 1 <= took <= REBOOT_DELAY + 10:
                fail(f"no root: no reboot {REBOOT_DELAY} s after saying so (took {took})", tail)
            _, answered, tail = missing_root(disk, tmp, args.log, rescue=True)
            if not answered:
                fail("no root with playhead.rescue: no shell answered on the console", tail)
            print(f"image-test: no root: the early boot said so and rebooted {took:.1f} s later;"
                  " with playhead.rescue a shell answered")
        beside = BesideCommand(args.beside_measuring, f"{args.log}.beside") if args.beside_measuring else None
        if args.arch == "x86_64" and args.measure > 0:
            rate, window, clock, tail = data_writes(disk, tmp, args.log, args.timeout, args.measure)
            dated.stop()
            if rate is None:
                fail(f"measuring boot: no two disk statistics {args.measure} s apart after the first frame", tail)
            # NTP blocked (no chronyd now): the clock from the HTTPS answer's Date: header.
            wanted = f"synchronised=yes source=https-date:{dated.url}"
            if not any(c.startswith("synchronised=yes ") and c.endswith(f" source=https-date:{dated.url}") for c in clock):
                fail(f"measuring boot: the clock did not come from TIME_URL ({wanted!r}; the board said {clock},"
                     f" {dated.requests} requests reached the date server)", tail)
            print(f"image-test: measuring boot with NTP blocked: the clock from TIME_URL's Date: ({dated.requests} request(s))")
            verdict = "over" if rate > args.budget else "within"
            print(f"image-test: /data written while the demo (with 2 damaged items) looped {window:.0f} s:"
                  f" {rate / 1e6:.2f} MB per hour, {verdict} the budget of {args.budget / 1e6:.2f} MB per hour")
            if rate > args.budget:
                fail("too much written to the flash: logs on /data again, or the state file written more often?")
            # That boot also ended in a power cut: the warnings of minutes of the loop (the damaged
            # items') are on /data, only they, and whole (a torn append leaves zero bytes).
            subprocess.run(["dd", f"if={disk}", f"of={data}", "bs=512", f"skip={offset // 512}",
                            f"count={size // 512}", "status=none"], check=True)
            subprocess.run(["e2fsck", "-fy", str(data)], capture_output=True)
            log = debugfs(data, "cat /log/warnings")
            kept = log.count("damaged-")
            if kept < 1:
                fail("measuring boot: /data/log/warnings kept no warning about the damaged items")
            # Each line's fifth field is its priority (BusyBox syslogd); rcS's own count lines aside.
            # awk's buffer may reach the flash mid-line: a last line cut short by the power is not judged.
            whole = log.splitlines()[:-1] if log and not log.endswith("\n") else log.splitlines()
            lower = [t for t in whole if not t.startswith("warnings: ")
                     and not re.fullmatch(r"\S+\.(warn|err|crit|alert|emerg)", (t.split() + [""] * 5)[4])]
            if lower:
                fail(f"measuring boot: /data/log/warnings holds {len(lower)} lines under warning:"
                     " the filter lets everything through", lower[:5])
            if "\0" in log:
                fail(f"measuring boot: /data/log/warnings has {log.count(chr(0))} zero bytes (a torn append)")
            print(f"image-test: /data/log/warnings kept {kept} lines about the damaged items"
                  f" ({log.count('more in 30 s')} times more than 20 in 30 s), none under warning, no zero byte")
        if beside:
            status, took, last = beside.finish(600)
            if status != 0:
                fail(f"beside the measuring boot, `{args.beside_measuring}` "
                     + ("ran out of time" if status is None else f"failed (exit {status})") + f"; all of it in {beside.log}", last)
            print("\n".join(last[-3:]))
            print(f"image-test: beside the measuring boot: {args.beside_measuring.split()[0]} passed in {took:.0f} s")


main()
