#!/usr/bin/env python3
"""`make sbom-test`: an advisory is found through the x86_64 image's bill (sbom-find.py), at the
versions really on the root, read from the root itself rather than from the bill:

- FFmpeg: the version our libavutil on the root reports; looked up as libavcodec and as FFmpeg.
- OpenSSL's libcrypto: the root's libcrypto.so.3 must be byte for byte the file of the host's
  libssl3 (its md5sums), and the lookup must give that package's Debian version.
- The kernel: Linux at the version its module folder on the root names (6.1.192-playhead ->
  6.1.192), found by the name an advisory gives it.
- A name that is not on the image is reported absent (exit 1), and so is FFmpeg at another version.
- The bill on the root is the one beside the image.

Usage: sbom-test.py BILL ROOT   (both from `make image`: build/image/)
Seconds: it reads the bill and a few files; nothing is built or booted.
"""
import glob
import hashlib
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def check(ok, what):
    print(f"sbom-test: {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        failures.append(what)


def find(bill, *query):
    run = subprocess.run([sys.executable, os.path.join(HERE, "sbom-find.py"), bill, *query],
                         capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def owners(bill):
    """{file name in the bill: the name of the package that holds it}."""
    with open(bill) as f:
        doc = json.load(f)
    names = {p["SPDXID"]: p["name"] for p in doc["packages"]}
    files = {f["SPDXID"]: f["fileName"] for f in doc.get("files", [])}
    return {files[r["relatedSpdxElement"]]: names.get(r["spdxElementId"]) for r in doc.get("relationships", [])
            if r["relationshipType"] == "CONTAINS" and r["relatedSpdxElement"] in files}


def main(bill, root):
    for path in (bill, root + "/usr/share/playhead/sbom.spdx.json"):
        if not os.path.exists(path):
            print(f"sbom-test: {path} is missing; run 'make image' first")
            return 1
    with open(bill, "rb") as a, open(root + "/usr/share/playhead/sbom.spdx.json", "rb") as b:
        check(a.read() == b.read(), "the bill beside the image is the one on its root")

    avutil = glob.glob(root + "/usr/lib/libavutil.so.*")
    with open(avutil[0], "rb") as f:
        m = re.search(rb"FFmpeg version ([0-9][\w.+~-]*)", f.read())
    built = m.group(1).decode() if m else "?"
    rc, out = find(bill, "libavcodec", built)
    check(rc == 0 and out.startswith(f"ffmpeg {built} "), f"libavcodec {built} (FFmpeg as built) is found: {out.strip()}")
    rc, out = find(bill, "FFmpeg", built)
    check(rc == 0 and f"ffmpeg {built} " in out, f"FFmpeg {built} is found by name")

    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libssl3"],
                             capture_output=True, text=True).stdout
    sums = open(glob.glob("/var/lib/dpkg/info/libssl3*.md5sums")[0]).read()
    with open(root + "/lib/x86_64-linux-gnu/libcrypto.so.3", "rb") as f:
        staged = hashlib.md5(f.read()).hexdigest()
    check(re.search(rf"^{staged}  \S*/libcrypto\.so\.3$", sums, re.M) is not None,
          f"the root's libcrypto.so.3 is libssl3 {version}'s own file")
    rc, out = find(bill, "libcrypto", version)
    check(rc == 0 and out.startswith(f"libssl3 {version} ") and "upstream=openssl" in out,
          f"libcrypto is found as libssl3 {version} from openssl: {out.strip()}")

    releases = os.listdir(root + "/lib/modules")
    kernel = releases[0].split("-")[0] if len(releases) == 1 else "?"
    rc, out = find(bill, "linux", kernel)
    check(rc == 0 and re.match(rf"\S+ {re.escape(kernel)}-\S* ", out) is not None,
          f"Linux {kernel} (the root's /lib/modules/{'/'.join(releases)}) is found: {out.strip()}")

    # Files matched by their bytes go to the package that ships them under the same path, never
    # to a copy some tool on the build machine bundles (google-cloud-cli once held the time
    # zones, and the early boot's one-line /etc/boot-modules).
    owner = owners(bill)
    zones = {n: o for n, o in owner.items() if "/usr/share/zoneinfo/" in n}
    others = sorted({o for o in zones.values() if o != "tzdata"})
    check(zones and not others, f"the {len(zones)} time zone files are tzdata's" + (f", not {', '.join(others)}'s" if others else ""))
    early = sorted({f"{n} ({o})" for n, o in owner.items() if "!/etc/" in n})
    check(not early, "no package holds the early boot's own /etc" + (f": {', '.join(early)}" if early else ""))

    rc, out = find(bill, "no-such-component")
    check(rc == 1 and "absent" in out, f"an absent name is reported absent: {out.strip()}")
    rc, out = find(bill, "libavcodec", "0.0.1")
    check(rc == 1 and "absent" in out, "FFmpeg at a version not built is reported absent")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__.split("Usage: ")[1].split("\n")[0], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
