#!/usr/bin/env python3
"""Boots the emulated board under QEMU (TCG, never KVM) and, in test mode, collects the
scenarios' results through the 9p share. Python's standard library only.

A guest that hangs, a scenario that fails or never reports, a host check that fails: each ends
the run non-zero with a one-line reason and the console's last lines. A guest that wedges (no
progress within a scenario's time limit and a minute) fails the run too, naming the scenario;
QEMU's monitor is asked where each vCPU was, and the guest is booted again after that scenario
so that the rest still run and report.

What each part does, beside this file: machine.py (QEMU's command line for each board),
qemu_console.py (reading QEMU's serial console), guest.py (one watched boot: host drivers, a
wedged guest), scenarios.py (which run, their results and host checks), and one module per mode:
mode_test.py, mode_bench.py (with peers.py), mode_run.py (run and appliance)."""
import argparse
import os
import pathlib
import sys

from machine import ARCHES, qemu_binary, qemu_command
from mode_bench import bench
from mode_run import appliance, run
from mode_test import test


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=["test", "run", "shell", "bench", "appliance"], required=True)
    parser.add_argument("--only", help="test: run only the scenarios whose names start with this (e.g. 11)")
    parser.add_argument("--long-loop", type=int, metavar="MINUTES",
                        help="test: scenario 16 loops this many minutes after its warm-up, not one (make board-soak)")
    parser.add_argument("--sync-run", type=int, metavar="SECONDS",
                        help="test: scenario 41's sync group plays this long before its faults, not 40 (make board-wall-long)")
    parser.add_argument("--media", help="bench: the folder with the benchmark clips")
    parser.add_argument("--kernel", required=True, type=pathlib.Path)
    parser.add_argument("--initrd", required=True, type=pathlib.Path)
    parser.add_argument("--profile", default="6", choices=["6", "7"],
                        help="x86_64: the kernel profile booted: test runs the scenarios whose `# kernels:` line names it")
    parser.add_argument("--arch", default="x86_64", choices=sorted(ARCHES),
                        help="the board: test runs the scenarios whose `# arches:` line names it (x86_64 without one)")
    parser.add_argument("--share", help="host folder shared with the guest over 9p")
    parser.add_argument("--wav", help="record the guest's HDA card into this WAV file")
    parser.add_argument("--log", default="console.log")
    parser.add_argument("--timeout", type=int, default=600, help="seconds before the guest is killed")
    # The initramfs is uncompressed (unpacking xz under emulation is slow) and over 330 MB with
    # the Wi-Fi scenario's packages: with 1024 MiB the 7.x kernel ran out while unpacking it.
    parser.add_argument("--memory", type=int, default=1536, help="guest memory in MiB")
    parser.add_argument("--linger", type=int, default=10, help="appliance: seconds to play after the first frame")
    args = parser.parse_args()
    for path in (args.kernel, args.initrd):
        if not path.exists():
            sys.exit(f"board: {path} is missing; run 'make board' first")
    if args.mode == "shell":
        share = pathlib.Path(args.share).resolve() if args.share else None
        os.execv(qemu_binary(args), qemu_command(args, share))
    sys.exit({"test": test, "run": run, "bench": bench, "appliance": appliance}[args.mode](args))


main()
