#!/usr/bin/env python3
"""A/B updates of the x86_64 image (`make update-test`) or, with --arch arm64, of the Raspberry Pi
card on the emulated arm64 board through U-Boot (`make update-test-arm64`) under QEMU
(docs/updates.md), each run on a fresh copy of the image, driven from the console with `update`
as a technician would, the bundles on the host's web server (10.0.2.2) or on a USB stick.

- default: slot A plays and is confirmed; three bundles are refused with one line each (signed
  by a stranger's key, made for another board, older than the running system); the good bundle
  on the USB stick is offered on the console and installed with the reboot put off to a time of
  day far away; installed again for the guest's next minute, which calls the first wait off,
  while playback goes on; the board reboots into slot B at that minute, not before, slot B
  plays, is confirmed, and `update` names it with the new version. The boot loader's count on
  the FAT afterwards: B first, good (GRUB: B_OK=1 B_TRY=0; U-Boot: BOOT_B_LEFT=3).
  With --then-bad, from slot B the bad bundle goes on into slot A as in --both-ways.
  With --cuts-first N, first N installs from the web server cut within 3 s of their start
  (before slot B can be complete): slot A must come back each time, and /data be clean at the end.
- --bad: a bundle whose playhead never shows a frame (bad-bundle.sh), from the web server:
  three boots of slot B, each ended by slot-confirm, then slot A again, playing, the reason on
  the console and in `update`.
- --both-ways: the good bundle from the stick into slot B, then the bad one from the web server
  into slot A, U-Boot's (or GRUB's) three tries of A and slot B again (the card's run,
  `make update-test-arm64-both-ways`). With --one-way it ends once slot B is confirmed
  (`make update-test-arm64-one-way`, in `make test`).
- --power-cuts N also on the card (`make update-test-arm64-long`), whose streamed install takes
  20-50 s under TCG: its cut window is wider (--cut-window).
- --unbootable: an empty slot B that grubenv calls good and first: GRUB cannot start it three
  times, then slot A plays and is confirmed.
- --power-cuts N: N installs of the good bundle from the web server, each cut (QEMU killed) at a
  random moment from the install's start to a little after its end; every power-on must play on
  a slot and be confirmed, and /data must be clean on the host afterwards."""
import argparse
import pathlib
import random
import re
import subprocess
import tempfile
import time

from update_board import Board, GuestLockedUp, back_on_a, back_on_b, data_clean, fail, grubenv, on_b, serve, stick_image

CONFIRMED_ON = r"slot-confirm: first frame: slot {} is confirmed"


# Under TCG the arm64 board is slower (U-Boot reads a 38 MB kernel, the first frame comes later):
# its waits are this many times x86_64's.
SLOWER = {"x86_64": 1, "arm64": 3}


def fresh(seen=None):
    return seen or {"boots": [], "frames": [], "confirmed": [], "no_frame": [], "unstartable": [], "fell_back": []}


def cut_at(board, delay, what):
    """The power cut `delay` s from now, the console read until then."""
    for text in board.lines(time.monotonic() + delay):
        board.record(text)
    board.cut()
    board.note(f"{what}, {delay:.1f} s into the install")
    return board


def good_run(args, disk, tmp, started):
    bundles = pathlib.Path(args.bundles)
    port = serve(bundles)
    seen = fresh()
    stick = stick_image([bundles / "good.raucb"], tmp)
    slow = SLOWER[args.arch]
    board = Board(disk, args.log, seen, started, stick=stick, arch=args.arch)
    board.expect(r"a system update is on the stick: `update (\S+)` installs it", 120 * slow, "offer of the stick's bundle")
    board.expect(CONFIRMED_ON.format("A"), 180 * slow, "confirmation of slot A after its first frame")
    # Power cuts early in installs (`--cuts-first`): slot B is never complete, so slot A comes back.
    rng = random.Random(args.seed)
    for n in range(args.cuts_first):
        board.type(f"update http://10.0.2.2:{port}/good.raucb")
        board.expect(r"update: installing ", 60 * slow, "start of the install to be cut")
        board = cut_at(board, rng.uniform(0, 3), f"power cut {n + 1}")
        board = Board(disk, args.log, seen, started, stick=stick, arch=args.arch)
        board.expect(CONFIRMED_ON.format("A"), 240 * slow, f"slot A confirmed after power cut {n + 1}")
    refusals = {"foreign.raucb": r"(?i)signature", "other-board.raucb": r"(?i)compatible",
                "old.raucb": r"older than the running"}
    for name, why in refusals.items():
        board.type(f"update http://10.0.2.2:{port}/{name}")
        m = board.expect(r"update: (?:refused: |install of \S+ failed: )(.*)", 120 * slow, f"refusal of {name}")
        if not re.search(why, m.group(1)):
            fail(f"{name} was refused for another reason: {m.group(1)!r} (want {why})", board.console.tail)
        print(f"update-test: {name} refused: {m.group(1)}")
    version, install_seconds = install_for_a_minute(board, seen, slow)
    board.expect(CONFIRMED_ON.format("B"), 240 * slow, "confirmation of slot B after its first frame")
    report = board.reply("update", "slot")
    bad = None
    if args.then_bad:
        bad, back = bad_into_a(board, port, slow)
    board.cut()
    # Slot A, as flashed, has its root's own version and is still good to fall back to.
    want = rf"^slot: B\nversion: {re.escape(version)}\nother:\n  slot: A\n  version: \d{{4}}\.[\d.]+-\w+\n  state: good"
    if not re.search(want, report):
        fail(f"`update` on slot B said {report!r}; want {want}", board.console.tail)
    a_boots = args.cuts_first + 1
    tail, tail_frames = ([("A", 1), ("A", 2), ("A", 3), ("B", 1)], ["B"]) if bad else ([], [])
    if (seen["boots"] != [("A", 1)] * a_boots + [("B", 1)] + tail
            or [s for s, _ in seen["frames"]] != ["A"] * a_boots + ["B"] + tail_frames):
        fail(f"boots {seen['boots']}, frames {seen['frames']}: want slot A {a_boots} time(s), then B on its first try,"
             " each playing" + (", then the bad A three times without a frame and B again" if bad else ""))
    if args.cuts_first and (why := data_clean(disk, tmp, args.arch)):
        fail(f"/data after {args.cuts_first} power cut(s) and the update: {why}")
    env = back_on_b(disk, tmp, args.arch, bad, back) if bad else on_b(disk, tmp, args.arch)
    size_mb = (bundles / "good.raucb").stat().st_size / 1e6
    a_frame, b_frame = seen["frames"][a_boots - 1][1], seen["frames"][a_boots][1]
    print(f"update-test: bench: bundle {size_mb:.1f} MB; install {install_seconds:.1f} s (from the stick, while playing);"
          f" first frame on the new slot {b_frame:.2f} s after its kernel started, on the old slot {a_frame:.2f} s"
          f" (ratio {b_frame / a_frame:.2f})")
    return (f"{args.cuts_first} power cut(s) early in installs, slot A back each time, /data clean; slot B plays"
            f" version {version} (first frame {b_frame:.2f} s after its kernel);"
            f" `update`: {' '.join(report.split())}"
            + (f"; then the bad {bad} into slot A, no frame in 3 boots, slot B again" if bad else "")
            + f"; boot count {env}")


def reboot_waits(board, seen, before, hhmm, timeout):
    """The agent's line that the reboot waits for `hhmm` (the one after `before` such lines): its
    clock then (s into the day), and when the line came (the host's monotonic clock)."""
    if len(seen.get("waits", [])) <= before:
        board.expect(rf"update: the new system takes over at the reboot at {hhmm} ", timeout, f"install for the reboot at {hhmm}")
    at, clock, host = seen["waits"][before]
    if at != hhmm:
        fail(f"the agent waits for {at}, not {hhmm}", board.console.tail)
    return clock, host


def install_for_a_minute(board, seen, slow):
    """The good bundle from the stick with the reboot put off to a time of day: first to one far
    from the guest's clock (it starts at 2001-01-01 00:00 at each power-on), installed and
    waiting; then again to the guest's first minute after that install ends, which calls the
    first wait off, while playback goes on; the board must reboot at that minute, not before."""
    board.type("set update-reboot 12:00")
    typed, before = time.monotonic(), len(seen.get("waits", []))
    board.type("update /media/usb/good.raucb")
    clock, host = reboot_waits(board, seen, before, "12:00", 300 * slow)
    first_install = host - typed
    waiting = board.reply("update", "slot")
    if not re.search(r"\ninstall:\n  state: installed\n(  .*\n)*  reboot: 12:00", waiting + "\n"):
        fail(f"`update` while the reboot waits said {waiting!r}", board.console.tail)
    # The minute: the first whose start leaves the second install room (the first's time and
    # half again, and 10 s more per slowness).
    guest_now = clock + time.monotonic() - host
    minute = -(-(guest_now + 1.5 * first_install + 10 * slow) // 60) * 60
    hhmm = f"{int(minute) // 3600 % 24:02d}:{int(minute) // 60 % 60:02d}"
    board.type(f"set update-reboot {hhmm}")
    before = len(seen["waits"])
    board.type("update /media/usb/good.raucb")
    board.expect(r"update: the reboot that waited for its time is called off", 30 * slow, "the waiting reboot called off")
    board.expect(r"update: installing /media/usb/good.raucb", 30 * slow, "start of the second install")
    install_started = time.monotonic()
    # The demo's damaged clip makes `restarting` (and the next item's `opening`) states of normal
    # play too; playing on means none of failed, paused, stopped or idle.
    status = board.reply("status", "state")
    state = status.splitlines()[0].split(": ", 1)[1]
    if state not in ("playing", "restarting", "opening", "buffering"):
        fail(f"playback did not go on during the install: `status` said {' '.join(status.split())!r}", board.console.tail)
    clock, host = reboot_waits(board, seen, before, hhmm, 300 * slow)
    version = seen["installed"][-1][1]
    install_seconds = host - install_started
    if clock >= minute:
        fail(f"the second install ended at {clock} s into the guest's day, past its minute {hhmm}: want more room", board.console.tail)
    m = board.expect(r"update: rebooting into the new system \(the clock here says (\d\d):(\d\d):(\d\d) ",
                     minute - clock + 30 * slow, f"reboot at {hhmm}")
    said = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
    # Its own clock and the host's reckoning of it (from the line before) must both put the
    # reboot in its minute.
    reckoned = clock + time.monotonic() - host
    if not (minute <= said < minute + 60) or reckoned < minute - 2:
        fail(f"the reboot for {hhmm} came at {said} s into the guest's day by its clock, {reckoned:.0f} s by the host's", board.console.tail)
    board.note(f"the reboot waited {reckoned - clock:.0f} s for {hhmm} after the install")
    return version, install_seconds


def bad_run(args, disk, tmp, started):
    port = serve(pathlib.Path(args.bundles))
    seen = fresh()
    slow = SLOWER[args.arch]
    board = Board(disk, args.log, seen, started, arch=args.arch)
    board.expect(CONFIRMED_ON.format("A"), 180 * slow, "confirmation of slot A")
    board.type(f"update http://10.0.2.2:{port}/bad.raucb")
    m = board.expect(r"update: installed \S+ \(version (\S+)\) into slot B", 300 * slow, "install of the bad bundle")
    version = m.group(1)
    board.expect(r"slot-confirm: slot B \(version \S+\) showed no first frame in 3 boots: back on slot A", 600 * slow, "fallback to slot A")
    board.expect(CONFIRMED_ON.format("A"), 240 * slow, "confirmation of slot A after the fallback")
    report = board.reply("update", "slot")
    board.cut()
    want = [("A", 1), ("B", 1), ("B", 2), ("B", 3), ("A", 1)]
    if seen["boots"] != want or seen["no_frame"] != ["B", "B", "B"]:
        fail(f"boots {seen['boots']}, reboots for want of a frame {seen['no_frame']}: want {want}, three on B")
    if [s for s, _ in seen["frames"]] != ["A", "A"]:
        fail(f"first frames {seen['frames']}: want one on slot A before and one after, none on B")
    if not report.startswith("slot: A\n") or "  state: bad" not in report or f"fell-back: slot B (version {version})" not in report:
        fail(f"`update` back on slot A said {report!r}: want slot A, B bad, and why")
    env = back_on_a(disk, tmp, args.arch)
    return (f"slot B (version {version}) showed no frame in 3 boots; back on slot A, playing; `update`:"
            f" {' '.join(report.split())}; boot count {env}")


def bad_into_a(board, port, slow):
    """From slot B: the bad bundle from the web server into slot A, its three boots without a
    frame, and slot B again, confirmed; the bad version and `update`'s report after."""
    board.type(f"update http://10.0.2.2:{port}/bad.raucb")
    m = board.expect(r"update: installed \S+ \(version (\S+)\) into slot A", 300 * slow, "install of the bad bundle into slot A")
    board.expect(r"slot-confirm: slot A \(version \S+\) showed no first frame in 3 boots: back on slot B", 600 * slow,
                 "fallback to slot B")
    board.expect(CONFIRMED_ON.format("B"), 240 * slow, "confirmation of slot B after the fallback")
    return m.group(1), board.reply("update", "slot")


def both_ways_run(args, disk, tmp, started):
    """The card's good and bad bundles in one power-on sequence (shorter than the good and --bad
    runs one after the other): the good bundle from the stick into slot
    B, which plays and is confirmed; then the bad one from the web server, installed from slot B
    into slot A, which U-Boot tries three times before slot B comes back. Both slots are proven
    as the new one and as the one fallen back to."""
    bundles = pathlib.Path(args.bundles)
    port = serve(bundles)
    seen = fresh()
    slow = SLOWER[args.arch]
    stick = stick_image([bundles / "good.raucb"], tmp)
    board = Board(disk, args.log, seen, started, stick=stick, arch=args.arch)
    board.expect(r"a system update is on the stick: `update (\S+)` installs it", 120 * slow, "offer of the stick's bundle")
    board.expect(CONFIRMED_ON.format("A"), 180 * slow, "confirmation of slot A after its first frame")
    board.type("update /media/usb/good.raucb")
    m = board.expect(r"update: installed /media/usb/good.raucb \(version (\S+)\) into slot B", 300 * slow, "install into slot B")
    good = m.group(1)
    board.expect(CONFIRMED_ON.format("B"), 240 * slow, "confirmation of slot B after its first frame")
    report = board.reply("update", "slot")
    if not report.startswith(f"slot: B\nversion: {good}\n") or "  state: good" not in report:
        fail(f"`update` on slot B said {report!r}: want slot B at {good}, A good", board.console.tail)
    if args.one_way:
        return one_way_end(board, disk, tmp, seen, good)
    bad, report = bad_into_a(board, port, slow)
    board.cut()
    want = [("A", 1), ("B", 1), ("A", 1), ("A", 2), ("A", 3), ("B", 1)]
    if seen["boots"] != want or seen["no_frame"] != ["A", "A", "A"]:
        fail(f"boots {seen['boots']}, reboots for want of a frame {seen['no_frame']}: want {want}, three on A")
    if [s for s, _ in seen["frames"]] != ["A", "B", "B"]:
        fail(f"first frames {seen['frames']}: want A, then B after each of its boots, none on the bad A")
    env = back_on_b(disk, tmp, args.arch, bad, report)
    return (f"slot B took version {good} from the stick and was confirmed; slot A took the bad {bad}, showed no frame"
            f" in 3 boots, slot B again, playing; `update`: {' '.join(report.split())}; boot count {env}")


def one_way_end(board, disk, tmp, seen, good):
    """--one-way: the card's run ends once slot B is confirmed."""
    board.cut()
    if seen["boots"] != [("A", 1), ("B", 1)] or [s for s, _ in seen["frames"]] != ["A", "B"]:
        fail(f"boots {seen['boots']}, first frames {seen['frames']}: want A, then B, each at its first try")
    env = on_b(disk, tmp, "arm64")
    return f"slot B took version {good} from the stick, booted at its first try and was confirmed; boot count {env}"


def unbootable_run(args, disk, tmp, started):
    grubenv(disk, tmp, ORDER="B A", B_OK=1, B_TRY=0)
    seen = fresh()
    slow = SLOWER[args.arch]
    board = Board(disk, args.log, seen, started)
    board.expect(CONFIRMED_ON.format("A"), 300 * slow, "slot A confirmed after slot B's tries")
    board.cut()
    want = [("B", 1), ("B", 2), ("B", 3), ("A", 1)]
    if seen["boots"] != want or seen["unstartable"] != ["B", "B", "B"]:
        fail(f"GRUB's boots {seen['boots']}, slots it could not start {seen['unstartable']}: want {want}")
    if [(f, t) for f, _, t in seen["fell_back"]] != [("B", "A")]:
        fail(f"back on slot A, slot-confirm said {seen['fell_back']}")
    env = back_on_a(disk, tmp)
    return f"GRUB could not start the empty slot B three times, then slot A played and was confirmed; grubenv {env}"


def power_cut_run(args, disk, tmp, started):
    port = serve(pathlib.Path(args.bundles))
    rng = random.Random(args.seed)
    slow = SLOWER[args.arch]
    seen = fresh()
    cuts = []
    for n in range(1, args.power_cuts + 2):
        board = Board(disk, args.log, seen, started, arch=args.arch)
        m = board.expect(r"slot-confirm: first frame: slot (\w+) is confirmed", 300 * slow, f"a confirmed slot after power-on {n}")
        slot = m.group(1)
        if n > args.power_cuts:
            board.cut()
            break
        board.type(f"update http://10.0.2.2:{port}/good.raucb")
        board.expect(r"update: installing ", 60 * slow, "start of the install")
        # The install takes about 6 s here (download, checks, 43 MB written); cuts land from
        # its start to a little after its end, the reboot's first moments included.
        delay = rng.uniform(0, args.cut_window)
        cut_at(board, delay, f"power cut {n} on slot {slot}")
        cuts.append((slot, round(delay, 1)))
    why = data_clean(disk, tmp, args.arch)
    if why:
        fail(f"/data after {args.power_cuts} power cuts: {why}")
    if len(seen["confirmed"]) != args.power_cuts + 1:
        fail(f"confirmed slots {seen['confirmed']}: want one per power-on")
    return (f"{args.power_cuts} power cuts during installs (slot, seconds in): {cuts}; every power-on played and was"
            f" confirmed (slots {seen['confirmed']}); /data clean")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("image", type=pathlib.Path)
    parser.add_argument("--arch", choices=("x86_64", "arm64"), default="x86_64",
                        help="arm64: the Pi card through U-Boot (the good and --bad runs)")
    parser.add_argument("--bundles", help="the folder of good, foreign, other-board, old and bad .raucb")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--bad", action="store_true")
    mode.add_argument("--both-ways", action="store_true", help="the good bundle into B, then the bad one into A")
    mode.add_argument("--unbootable", action="store_true")
    mode.add_argument("--power-cuts", type=int, default=0)
    parser.add_argument("--cuts-first", type=int, default=0, help="default run: power cuts early in installs before the rest")
    parser.add_argument("--then-bad", action="store_true",
                        help="default run: then the bad bundle into slot A, its three tries, and slot B again")
    parser.add_argument("--one-way", action="store_true",
                        help="--both-ways on the card: end once slot B is confirmed (make test's run; the bad bundle in update-test-arm64-both-ways)")
    parser.add_argument("--cut-window", type=float, default=8.0, help="seconds after the install's start a cut may land")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--log", default="console-update.log")
    parser.add_argument("--keep", type=pathlib.Path, help="keep the disk as the run left it here, for a look afterwards")
    args = parser.parse_args()
    if not args.image.exists():
        fail(f"{args.image} is missing; run 'make image' first")
    if not args.unbootable and not (args.bundles and pathlib.Path(args.bundles, "good.raucb").exists()):
        fail("no bundles; `make update-test` makes them")
    pathlib.Path(args.log).write_text("")
    if args.one_way and not (args.both_ways and args.arch == "arm64"):
        fail("--one-way goes with --both-ways on the card (--arch arm64)")
    if args.arch == "arm64" and args.unbootable:
        fail("--unbootable is x86_64's only (it sets GRUB's environment)")
    run = bad_run if args.bad else both_ways_run if args.both_ways else unbootable_run if args.unbootable else power_cut_run if args.power_cuts else good_run
    # A guest whose kernel locks up (GuestLockedUp) gets one more whole run on a fresh copy of
    # the image, said on the output; a second lockup fails like any other fault.
    for attempt in (1, 2):
        with tempfile.TemporaryDirectory() as tmp:
            disk = pathlib.Path(tmp) / "disk.img"
            subprocess.run(["cp", "--sparse=always", str(args.image), str(disk)], check=True)
            started = time.monotonic()
            try:
                print("update-test: " + run(args, disk, tmp, started))
                return
            except GuestLockedUp as lockup:
                line, tail = lockup.args
                if attempt == 2:
                    fail(f"the guest's kernel locked up again ({line}); see {args.log}", tail)
                print(f"update-test: the guest's kernel locked up after {time.monotonic() - started:.0f} s ({line}):"
                      " the emulator stalled; the whole run again on a fresh copy of the image", flush=True)
            finally:
                if args.keep:
                    subprocess.run(["cp", "--sparse=always", str(disk), str(args.keep)], check=False)
                # A failed run leaves its QEMU running (seen: two orphaned arm64 boards): cut it.
                Board.cut_all()


main()
