#!/usr/bin/env python3
"""Is a component in an image's bill of materials, and at which version?

    sbom-find.py BILL NAME [VERSION]

An advisory names a project (openssl, FFmpeg) or a library (libcrypto, libavcodec), so NAME is
looked for, case-insensitively, as a package's name, as the Debian source package it was built
from (a purl's `upstream`), and as the name of a file the package put on the root
(libcrypto.so.3 -> libssl3). With VERSION only the matches of that version are kept: the
package's version exactly, or its upstream part (1:3.0.19-1~deb12u2 -> 3.0.19).
Prints one line per match (name, version, purl, why it matched) and exits 0; prints that NAME is
absent and exits 1 when nothing matches; exits 2 when the bill cannot be read.
"""
import json
import os
import re
import sys
import urllib.parse


def upstream(version):
    v = version.split(":", 1)[-1]
    return v.rsplit("-", 1)[0] if "-" in v else v


def purl_of(pkg):
    return next((r["referenceLocator"] for r in pkg.get("externalRefs", [])
                 if r["referenceType"] == "purl"), "")


def why(pkg, name, files):
    if pkg["name"].lower() == name:
        return "name"
    purl, _, query = purl_of(pkg).partition("?")
    if name in (s.lower() for s in urllib.parse.parse_qs(query).get("upstream", [])):
        return "source package"
    if urllib.parse.unquote(purl.rpartition("/")[2].partition("@")[0]).lower() == name:
        return "purl"
    for fid in pkg.get("hasFiles", []):
        base = os.path.basename(files.get(fid, "")).lower()
        if re.fullmatch(re.escape(name) + r"(\.so(\.[0-9.]+)?|-[0-9][\w.-]*\.so.*)?", base):
            return "file " + files[fid]
    return None


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    bill, name = argv[1], argv[2].lower()
    version = argv[3] if len(argv) == 4 else None
    try:
        with open(bill) as f:
            doc = json.load(f)
        packages, files = doc["packages"], {f["SPDXID"]: f["fileName"] for f in doc.get("files", [])}
    except (OSError, ValueError, KeyError) as e:
        print(f"sbom-find: cannot read the bill {bill}: {e}", file=sys.stderr)
        return 2
    found = 0
    for pkg in packages:
        reason = why(pkg, name, files)
        have = pkg.get("versionInfo", "")
        if reason is None or (version is not None and version not in (have, upstream(have))):
            continue
        found += 1
        print(f"{pkg['name']} {have} {purl_of(pkg) or '-'} ({reason})")
    if not found:
        print(f"sbom-find: {argv[2]}{' ' + version if version else ''} is absent from {bill}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
