"""QEMU's command line for an emulated board: the machine of each architecture, the kernel's
command line that tells the guest's init what to do, and the devices the scenarios use (the 9p
share, the second console, the USB controller, the HDA card). Python's standard library only."""
import pathlib
import shutil
import socket
import sys

# What differs between the boards: QEMU's binary and its package, the machine, the console's
# name. The arm64 board (board/qemu-aarch64) is QEMU's generic `virt` machine with the CPU that
# has every feature QEMU emulates; `pauth-impdef` swaps the architected pointer-authentication
# hash (QARMA, slow to emulate) for QEMU's own, which the guest cannot tell apart.
ARCHES = {
    "x86_64": {"qemu": "qemu-system-x86_64", "package": "qemu-system-x86", "machine": [], "console": "ttyS0"},
    "arm64": {"qemu": "qemu-system-aarch64", "package": "qemu-system-arm",
              "machine": ["-M", "virt", "-cpu", "max,pauth-impdef=on"], "console": "ttyAMA0"},
}


def qemu_binary(args):
    arch = ARCHES[args.arch]
    qemu = shutil.which(arch["qemu"])
    if qemu is None:
        sys.exit(f"board: {arch['qemu']} is missing; run 'make deps' (package {arch['package']})")
    return qemu

def long_loop_limit(minutes):
    """Seconds the guest gives scenario 16 when it loops `minutes` after its warm-up."""
    return 60 * minutes + 200


def qemu_command(args, share, monitor=None, console2=None):
    qemu = qemu_binary(args)
    arch = ARCHES[args.arch]
    append = f"console={arch['console']} quiet panic=-1 playhead.mode={args.mode}"
    if getattr(args, "only", None):
        append += f" playhead.only={args.only}"
    if getattr(args, "long_loop", None):
        append += f" playhead.loop_minutes={args.long_loop} playhead.time_limit={long_loop_limit(args.long_loop)}"
    if getattr(args, "sync_run", None):
        # Scenario 41's run before its faults, and the time it is then given.
        append += f" playhead.sync_run={args.sync_run} playhead.time_limit={args.sync_run + 300}"
    if getattr(args, "interactive", False):
        append += " playhead.interactive"
    if getattr(args, "resume_from", None):
        append += f" playhead.from={args.resume_from}"
    # The monitor, when asked for, is a socket the host reads the vCPUs' state from when the
    # guest wedges.
    cmd = [qemu, *arch["machine"], "-accel", "tcg", "-m", str(args.memory), "-smp", "2", "-nodefaults",
           "-display", "none", "-monitor", f"unix:{monitor},server=on,wait=off" if monitor else "none",
           "-serial", "stdio", "-no-reboot",
           "-kernel", str(args.kernel), "-initrd", str(args.initrd),
           # A USB controller, for a stick the host plugs in through the monitor.
           "-device", "qemu-xhci,id=xhci"]
    if console2:
        # The guest's second serial port (ttyS1): playhead's console, typed at by a host driver.
        # The virt machine has one UART: there it is a virtio console (hvc0).
        cmd += ["-chardev", f"socket,id=ser1,path={console2},server=on,wait=off"]
        if args.arch == "arm64":
            cmd += ["-device", "virtio-serial-pci", "-device", "virtconsole,chardev=ser1"]
        else:
            cmd += ["-serial", "chardev:ser1"]
    if share:
        append += " playhead.share"
        cmd += ["-virtfs", f"local,path={share},mount_tag=host,security_model=none,id=host0"]
    if share and args.mode in ("test", "bench"):
        # QEMU's user network, the guest's 8080 forwarded to a free loopback port on the host
        # (named in the share for the host drivers): the board's HTTP API, reached from here.
        port = free_port()
        (pathlib.Path(share) / "http-port").write_text(f"{port}\n")
        cmd += ["-netdev", f"user,id=net0,hostfwd=tcp:127.0.0.1:{port}-:8080", "-device", "virtio-net-pci,netdev=net0"]
    if args.mode == "bench":
        # The host's root, read-only: mpv and GStreamer run chrooted into it beside playhead.
        cmd += ["-virtfs", "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap,id=hostroot"]
    if args.wav:
        # QEMU's HDA card records what the guest plays into a WAV file on the host.
        cmd += ["-audiodev", f"wav,id=snd0,path={args.wav},out.frequency=48000,out.channels=2,out.format=s16",
                "-device", "intel-hda", "-device", "hda-output,audiodev=snd0,mixer=off"]
    return cmd + ["-append", append]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def share_folder(path, fresh=False):
    """The host folder the guest mounts over 9p (None without one), with its out/ for the
    guest's results; emptied first when fresh: a test run's results are its own."""
    if not path:
        return None
    share = pathlib.Path(path).resolve()
    if fresh:
        shutil.rmtree(share, ignore_errors=True)
    (share / "out").mkdir(parents=True, exist_ok=True)
    return share
