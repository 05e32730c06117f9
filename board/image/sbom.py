#!/usr/bin/env python3
"""The bill of materials of an image's root (SPDX 2.3 JSON), and the licences on it.

Every regular file of the staged root is matched to what it came from: a Debian package (by
content, against the md5sums the package ships: the host's dpkg database for the x86_64 roots,
.deb files or their cached index for the guest packages and the arm64 sysroot), our own builds
(FFmpeg, BusyBox's ntpd and wget: by content too), the kernel package (its module folder, as the
modules are stripped when staged) or playhead (the paths this repo builds). Every ELF file must
be matched, or the bill is refused: an executable nobody can name is one no advisory reaches.
The Swift runtime and the Swift packages are linked into playhead statically, so they are
components with no file of their own.

Each component's licence texts go to /usr/share/licenses/NAME/ on the root; one with none
stops the build too (playhead itself has no LICENSE file yet: said in its entry).
The bill goes to ROOT/usr/share/playhead/sbom.spdx.json and to --out.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sbom_debs  # noqa: E402
import sbom_root  # noqa: E402
import sbom_spdx  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BILL = "/usr/share/playhead/sbom.spdx.json"
LICENCES = "/usr/share/licenses"


def fail(message):
    print(f"sbom: {message}", file=sys.stderr)
    sys.exit(1)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def playhead_version():
    text = read(os.path.join(REPO, "Sources/PlayheadApp/Appliance.swift")).decode()
    m = re.search(r'static let version = "([^"]+)"', text)
    return m.group(1) if m else fail("no version in Sources/PlayheadApp/Appliance.swift")


def host_distro():
    text = read("/etc/os-release").decode()
    m = re.search(r'^VERSION_ID="?([0-9]+)', text, re.M)
    return f"debian-{m.group(1)}" if m else "debian"


def deb_component(rec, distro):
    return {"name": rec["name"], "version": rec["version"], "arch": rec["arch"],
            "source": rec["source"], "source_version": rec["source_version"], "kind": "deb",
            "distro": distro, "record": rec, "files": [], "licences": {}}


def ffmpeg_component(prefix):
    """Our FFmpeg (ffmpeg.sh): its version and configure line as libavutil itself reports them
    (avutil_configuration() returns the line it was configured with)."""
    lib = os.path.join(prefix, "lib")
    avutil = read(os.path.realpath(next(os.path.join(lib, f) for f in sorted(os.listdir(lib))
                                        if f.startswith("libavutil.so."))))
    version = re.search(rb"FFmpeg version ([0-9][\w.+~-]*)", avutil)
    configure = re.search(rb"--prefix=[^\0]*", avutil)
    if not version or not configure:
        fail(f"cannot read FFmpeg's version and configure line from {lib}/libavutil.so")
    # Only FFmpeg's own: ffmpeg-arm64.sh's lib/ also holds the mbedtls and zlib it needs,
    # which are Debian's packages and are matched as such.
    md5s = {sbom_root.RootFile("", read(os.path.realpath(os.path.join(lib, f)))).md5
            for f in os.listdir(lib) if ".so." in f and f.startswith(("libav", "libsw"))}
    return {"name": "ffmpeg", "version": version.group(1).decode(), "kind": "built", "md5s": md5s,
            "configure": configure.group(0).decode(), "files": [], "licences": {}}


def kernel_component(abi, image, copyright_file, distro):
    """Debian's linux-image-ABI, or the appliance kernel built here from Debian's linux source
    (kernel-appliance.sh, whose banner says "Debian VERSION source"); the exact version is in the
    kernel's own banner."""
    m = re.search(rb"Linux version " + re.escape(abi.encode()) + rb" .*? Debian ([0-9][\w.+~-]*)( source)?", read(image))
    if not m:
        fail(f"no 'Linux version {abi} ... Debian VERSION' banner in {image}")
    version = m.group(1).decode()
    arch = "arm64" if abi.endswith("arm64") else "amd64"
    if m.group(2):
        comp = {"name": "linux", "version": version, "kind": "built", "arch": arch, "source": "linux",
                "source_version": version, "files": [], "licences": {}, "prefix": f"/lib/modules/{abi}/",
                "comment": f"built from Debian's linux-source package {version} with Debian's config "
                           "for the same version, narrowed to the image's modules "
                           "(board/image/kernel-appliance.sh, kernel/appliance.config)"}
    else:
        comp = {"name": f"linux-image-{abi}", "version": version, "kind": "deb", "distro": distro,
                "arch": arch, "source": "linux", "source_version": version, "files": [], "licences": {},
                "prefix": f"/lib/modules/{abi}/",
                "comment": "Debian's kernel; modules under extra/ (vkms, gpio-sim, irq_sim, snd-dummy "
                           "when there) are built from the same kernel's source for the emulated boards"}
    comp["licences"]["copyright"] = read(copyright_file)
    return comp


def swift_components(resolved, checkouts):
    out = []
    for pin in json.loads(read(resolved))["pins"]:
        state = pin["state"]
        comp = {"name": pin["identity"], "version": state.get("version") or state["revision"],
                "revision": state["revision"], "url": pin["location"], "kind": "swiftpm",
                "files": [], "licences": {}}
        folder = os.path.join(checkouts, pin["identity"])
        for f in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if re.match(r"(LICEN[CS]E|COPYING|NOTICE)", f, re.I) and os.path.isfile(os.path.join(folder, f)):
                comp["licences"][f] = read(os.path.join(folder, f))
        out.append(comp)
    return out


def linked_packages(link_list):
    """The Swift packages whose code is in playhead: SwiftPM's list of the objects it linked,
    each object's module folder, and the checkout its sources (or C dependency files) name.
    Package.resolved also pins what only the tests use; those are not on the root."""
    release = os.path.dirname(os.path.dirname(link_list))
    found = set()
    for module in sorted({os.path.basename(os.path.dirname(o)) for o in read(link_list).decode().split()}):
        folder = os.path.join(release, module)
        for dirpath, _, names in os.walk(folder):
            for n in names:
                if n == "sources" or n.endswith(".d"):
                    hit = re.search(rb"/checkouts/([^/\s]+)/", read(os.path.join(dirpath, n)))
                    if hit:
                        found.add(hit.group(1).decode())
                        break
            else:
                continue
            break
    return found


# Bytes below which a file's content alone does not say which package it came from.
TINY = 64


def shared_tail(a, b):
    """How many path components `a` and `b` end with in common."""
    x, y = a.strip("/").split("/"), b.strip("/").split("/")
    n = 0
    while n < min(len(x), len(y)) and x[-1 - n] == y[-1 - n]:
        n += 1
    return n


def match(files, components, debs, own, distro):
    """Gives each file its component; returns the ELF files no component accounts for."""
    by_md5 = {}
    for comp in components:
        for md5 in comp.get("md5s", ()):
            by_md5.setdefault(md5, comp)
    deb_md5 = {}
    for rec in debs:
        for md5, path in rec["md5sums"].items():
            deb_md5.setdefault(md5, []).append((rec, path))
    chosen = {}
    uncovered = []
    for f in files:
        inner = f.path.split("!", 1)[-1]
        comp = next((c for c in components if c.get("prefix") and inner.startswith(c["prefix"])), None)
        if comp is None and f.path in own:
            comp = own[f.path]
        if comp is None:
            comp = by_md5.get(f.md5)
        if comp is None and f.md5 in deb_md5:
            # The same bytes in two packages: the one whose path ends as this file's does, over
            # the most folders (tzdata's /usr/share/zoneinfo/Europe/Berlin, not a copy some
            # tool on the build machine bundles under its own folder with the same name).
            hits = deb_md5[f.md5]
            rec, path = max(hits, key=lambda h: shared_tail(h[1], inner))
            # A few bytes under another name are anybody's (the early boot's one-line
            # /etc/boot-modules matched a file of the build machine's google-cloud-cli).
            if f.size < TINY and shared_tail(path, inner) == 0:
                rec = None
            comp = chosen.get(id(rec)) if rec else None
            if comp is None and rec:
                comp = chosen[id(rec)] = deb_component(rec, distro)
                components.append(comp)
        if comp is not None:
            comp["files"].append(f)
        elif f.elf:
            uncovered.append(f.path)
    return uncovered


def collect_licences(components, args, debs):
    by_name = {r["name"]: r for r in debs}
    host_ffmpeg = None
    for comp in components:
        rec = comp.get("record")
        if rec is not None:
            text = sbom_debs.copyright_of(rec, by_name)
            if text:
                comp["licences"]["copyright"] = text.encode()
            if rec.get("source") == "ffmpeg" and text:
                host_ffmpeg = text
        if comp["name"] == "ffmpeg" and comp["kind"] == "built":
            ff = comp
    if args.ffmpeg:
        # Debian's copyright of the same FFmpeg source, and the licence the build is under:
        # LGPL 3 (--enable-version3), whose text builds on the GPL 3's.
        # ffmpeg-arm64.sh keeps the source package's own debian/copyright beside its prefix.
        own = os.path.join(args.ffmpeg, "..", "copyright")
        text = read(own).decode() if os.path.exists(own) else None
        text = text or host_ffmpeg or sbom_debs.copyright_of({"name": "libavutil57", "installed": True})
        if text:
            ff["licences"]["copyright"] = text.encode()
        for name in ("LGPL-3", "GPL-3"):
            ff["licences"][name] = read(f"/usr/share/common-licenses/{name}")


def write_licences(root, components):
    base = root + LICENCES
    missing = []
    for comp in components:
        if not comp["licences"]:
            if comp["kind"] != "own":
                missing.append(comp["name"])
            continue
        folder = os.path.join(base, comp["name"])
        os.makedirs(folder, exist_ok=True)
        for name, data in comp["licences"].items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        comp["licence_dir"] = f"{LICENCES}/{comp['name']}/"
    return missing


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("root")
    p.add_argument("--name", required=True, help="the document's name: playhead-x86_64")
    p.add_argument("--out", required=True)
    p.add_argument("--arch", required=True, choices=["amd64", "arm64"])
    p.add_argument("--distro", required=True, help="debian-12, debian-13")
    p.add_argument("--host-dpkg", action="store_true", help="the host's installed packages")
    p.add_argument("--debs", action="append", default=[], help="a folder of .deb files")
    p.add_argument("--deb-index", action="append", default=[], help="JSON of sbom_debs.py")
    p.add_argument("--kernel", nargs=3, metavar=("ABI", "IMAGE", "COPYRIGHT"), required=True)
    p.add_argument("--ffmpeg", help="our FFmpeg's prefix (ffmpeg.sh)")
    p.add_argument("--busybox-net", nargs=2, metavar=("BINARY", "VERSION"))
    p.add_argument("--swift", nargs=2, metavar=("VERSION", "LICENCE"), required=True)
    p.add_argument("--checkouts", required=True, help="SwiftPM's checkouts of playhead's build")
    p.add_argument("--link-list", required=True, help="playhead.product/Objects.LinkFileList")
    p.add_argument("--from-host", nargs=2, action="append", default=[], metavar=("PATH", "PACKAGE"),
                   help="a root file made from a host package's data, not a copy of one of its files")
    p.add_argument("--own", action="append", default=[], help="a root path built from this repo")
    args = p.parse_args()

    root = os.path.abspath(args.root)
    # What an earlier run wrote is not part of the root: its copyright files would match packages.
    if os.path.exists(root + BILL):
        os.remove(root + BILL)
    shutil.rmtree(root + LICENCES, ignore_errors=True)
    debs = sbom_debs.host_packages() if args.host_dpkg else []
    for folder in args.debs:
        debs += sbom_debs.debs_in(folder)
    for index in args.deb_index:
        debs += json.loads(read(index))
    version = playhead_version()
    playhead = {"name": "playhead", "version": version, "kind": "own", "files": [], "licences": {},
                "comment": "this repository's build: the player (its Swift runtime and packages "
                           "linked in statically), its board tools, rootfs-overlay; no LICENSE file yet"}
    if os.path.exists(os.path.join(REPO, "LICENSE")):
        playhead["licences"]["LICENSE"] = read(os.path.join(REPO, "LICENSE"))
    components = [playhead, kernel_component(*args.kernel, args.distro)]
    if args.ffmpeg:
        components.append(ffmpeg_component(args.ffmpeg))
    if args.busybox_net:
        binary, bb_version = args.busybox_net
        bb = {"name": "busybox-net", "version": bb_version, "kind": "built", "files": [],
              "md5s": {sbom_root.RootFile("", read(binary)).md5}, "source": "busybox",
              "licences": {}, "comment": "BusyBox's ntpd and wget built from Debian's busybox "
                                         f"{bb_version} source (busybox-net.sh)"}
        components.append(bb)
    swift_version, swift_licence = args.swift
    runtime = {"name": "swift-runtime", "version": swift_version, "kind": "runtime", "files": [],
               "licences": {"LICENSE.txt": read(swift_licence)},
               "comment": "the Swift standard library, Foundation and Dispatch, linked into "
                          "playhead statically (--static-swift-stdlib)"}
    swiftpm = swift_components(os.path.join(REPO, "Package.resolved"), args.checkouts)
    linked = linked_packages(args.link_list)
    if not linked or linked - {c["name"] for c in swiftpm}:
        fail(f"playhead links Swift packages {sorted(linked)}, not all in Package.resolved")
    unused = [c["name"] for c in swiftpm if c["name"] not in linked]
    swiftpm = [c for c in swiftpm if c["name"] in linked]
    own = {path: playhead for path in args.own}
    for path, name in args.from_host:
        rec = next((r for r in sbom_debs.host_packages() if r["name"] == name), None)
        own[path] = deb_component(rec or fail(f"{name} is not installed on the host"), args.distro)
        own[path]["distro"] = host_distro()  # the host's, whatever the root's
        components.append(own[path])
    files = sbom_root.walk(root)
    uncovered = match(files, components, debs, own, args.distro)
    if uncovered:
        fail(f"{len(uncovered)} ELF file(s) on {root} in no component of the bill: {', '.join(uncovered)}")
    components = [c for c in components if c["files"] or c["kind"] == "own"] + [runtime] + swiftpm
    if bb_sources := [c for c in components if c.get("source") == "busybox" and c["kind"] == "deb"]:
        if args.busybox_net:
            bb["licences"]["copyright"] = sbom_debs.copyright_of(bb_sources[0]["record"]).encode()
    collect_licences(components, args, debs)
    missing = write_licences(root, components)
    if missing:
        fail(f"no licence text found for: {', '.join(missing)}")
    doc = sbom_spdx.document(args.name, args.arch, version, components, playhead, runtime, swiftpm)
    text = json.dumps(doc, indent=1, sort_keys=False) + "\n"
    os.makedirs(os.path.dirname(root + BILL), exist_ok=True)
    for path in (root + BILL, args.out):
        with open(path, "w") as f:
            f.write(text)
    elf = sum(1 for f in files if f.elf)
    kinds = {}
    for c in components:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    print(f"sbom: {args.out}: {len(components)} components ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), "
          f"{elf} ELF files all covered, {len(unused)} Swift packages of Package.resolved not linked, licences in {LICENCES} "
          f"({subprocess.run(['du', '-sk', root + LICENCES], capture_output=True, text=True).stdout.split()[0]} KB)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
