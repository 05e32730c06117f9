#!/usr/bin/env python3
"""What each Swift module and C library costs inside playhead's binary: the sizes of its
functions and data (nm's symbol sizes) summed by the module the symbol belongs to, largest
first, so that a new dependency's bytes show (`make bench`, docs/boot-time.md).

A Swift symbol names its module (`$s<length><Module>...`); the standard library's use the short
forms (`$ss`, `$sS...`); the Swift runtime's C++ is `swift::`; the vendored BoringSSL's C symbols
carry NIOSSL's prefix. What is left is C and C++ of other origins (the FFmpeg and ALSA shims,
libdispatch, Foundation's C parts). Needs the unstripped binary and binutils' nm.
Usage: binary-ledger.py BINARY [--top N]"""
import argparse
import collections
import re
import subprocess
import sys

SWIFT_MODULE = re.compile(r"\$s(\d+)([A-Za-z_]\w*)")


def owner(name):
    if name.startswith("$s"):
        m = SWIFT_MODULE.match(name)
        if m:
            return m.group(2)[:int(m.group(1))]
        return "Swift (the standard library)"
    if name.startswith("_ZN5swift") or name.startswith("swift_") or name.startswith("_swift"):
        return "Swift (the runtime)"
    if "BoringSSL" in name or name.startswith("CNIOBoringSSL"):
        return "BoringSSL (NIOSSL)"
    if name.startswith("dispatch_") or name.startswith("_dispatch"):
        return "libdispatch"
    if name.startswith("_Z"):
        return "C++ (other)"
    return "C (other)"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    nm = subprocess.run(["nm", "-S", "--size-sort", args.binary], capture_output=True, text=True)
    if nm.returncode != 0 or not nm.stdout:
        sys.exit(f"binary-ledger: nm found no symbols in {args.binary} (stripped? give the build's own binary)")
    sizes = collections.Counter()
    for line in nm.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4:
            sizes[owner(parts[3])] += int(parts[1], 16)
    total = sum(sizes.values())
    print(f"binary-ledger: {args.binary}: {total / 1048576:.1f} MB of sized symbols (code and data)")
    for name, size in sizes.most_common(args.top):
        print(f"binary-ledger:  {size / 1048576:6.2f} MB  {size * 100 / total:4.1f} %  {name}")
    rest = sizes.most_common()[args.top:]
    if rest:
        print(f"binary-ledger:  {sum(s for _, s in rest) / 1048576:6.2f} MB  in {len(rest)} more")


if __name__ == "__main__":
    main()
