#!/usr/bin/env python3
"""The root's byte ledger: what each package, library and group of files costs on the root,
unpacked, largest first, so that every later feature's cost shows (`make bench`, `make image`).

Files are given to the component the image's bill of materials (sbom.py's SPDX) says contains
them; the rest by what they are: the kernel and early boot, kernel modules, firmware, the
licences, the demo media, the configuration, or their top folder. Python's standard library.
Usage: ledger.py ROOT SPDX [--top N]"""
import argparse
import json
import os
import sys

# Folders whose files are one line of the ledger whatever the bill of materials says of them.
GROUPS = [
    ("/usr/lib/boot/", "the kernel and early boot (the slot's own)"),
    ("/lib/modules/", "kernel modules"),
    ("/usr/lib/modules/", "kernel modules"),
    ("/lib/firmware/", "firmware"),
    ("/usr/lib/firmware/", "firmware"),
    ("/usr/share/licenses/", "licences (sbom.py)"),
    ("/usr/share/playhead/", "the demo media and slate"),
    ("/etc/", "configuration (/etc)"),
]


def components(spdx):
    """{root path: component label} from the SPDX document's CONTAINS relationships."""
    with open(spdx) as f:
        doc = json.load(f)
    names = {p["SPDXID"]: f"{p['name']} {p.get('versionInfo', '')}".strip() for p in doc["packages"]}
    files = {f["SPDXID"]: f["fileName"].lstrip(".") for f in doc.get("files", [])}
    owner = {}
    for r in doc.get("relationships", []):
        if r["relationshipType"] == "CONTAINS" and r["relatedSpdxElement"] in files:
            owner[files[r["relatedSpdxElement"]]] = names.get(r["spdxElementId"], r["spdxElementId"])
    return owner


def ledger(root, owner):
    lines = {}
    total = count = 0
    for folder, _, names in os.walk(root):
        for name in names:
            full = os.path.join(folder, name)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            path = "/" + os.path.relpath(full, root)
            size = os.path.getsize(full)
            group = next((label for prefix, label in GROUPS if path.startswith(prefix)), None)
            label = group or owner.get(path) or "other: /" + path.split("/")[1] + ("/" + path.split("/")[2] if path.count("/") > 2 else "")
            b, n = lines.get(label, (0, 0))
            lines[label] = (b + size, n + 1)
            total += size
            count += 1
    return lines, total, count


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root")
    parser.add_argument("spdx")
    parser.add_argument("--top", type=int, default=25, help="lines shown; the rest are summed in one")
    args = parser.parse_args()
    if not os.path.isdir(args.root) or not os.path.isfile(args.spdx):
        sys.exit(f"ledger: {args.root} or {args.spdx} is missing; run 'make image' first")
    lines, total, count = ledger(args.root, components(args.spdx))
    ranked = sorted(lines.items(), key=lambda kv: -kv[1][0])
    print(f"ledger: {args.root}: {total / 1048576:.1f} MB unpacked in {count} files")
    print(f"ledger:  {'MB':>6} {'files':>5}  what")
    for label, (size, n) in ranked[:args.top]:
        print(f"ledger:  {size / 1048576:6.2f} {n:5}  {label}")
    rest = ranked[args.top:]
    if rest:
        print(f"ledger:  {sum(s for _, (s, _) in rest) / 1048576:6.2f} {sum(n for _, (_, n) in rest):5}"
              f"  {len(rest)} more lines under {rest[0][1][0] / 1048576:.2f} MB each")


if __name__ == "__main__":
    main()
