"""The bill's components written as an SPDX 2.3 JSON document.

Deterministic on purpose: the root's squashfs (and so the disk's signature, mkdisk.sh) must stay
the same for the same inputs, so the time is the commit's (or SOURCE_DATE_EPOCH) and the
namespace a digest of the content, never the clock.
"""
import datetime
import hashlib
import json
import os
import re
import subprocess
import urllib.parse

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def _created():
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        run = subprocess.run(["git", "-C", REPO, "log", "-1", "--format=%ct"], capture_output=True, text=True)
        epoch = run.stdout.strip() or "0"
    return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _id(kind, name, seen):
    base = f"SPDXRef-{kind}-" + re.sub(r"[^A-Za-z0-9.-]", "-", name)
    ident, n = base, 1
    while ident in seen:
        n += 1
        ident = f"{base}-{n}"
    seen.add(ident)
    return ident


def _q(text):
    return urllib.parse.quote(text, safe=".-_~")


def _refs(comp, arch):
    refs = []
    if comp["kind"] == "deb":
        distro = comp.get("distro", "")
        a = comp.get("arch") or arch
        purl = f"pkg:deb/debian/{_q(comp['name'])}@{_q(comp['version'])}?arch={a}"
        if comp.get("source") and comp["source"] != comp["name"]:
            purl += f"&upstream={_q(comp['source'])}"
        refs.append(("PACKAGE-MANAGER", "purl", purl + (f"&distro={distro}" if distro else "")))
    elif comp["kind"] == "swiftpm":
        url = re.sub(r"^https?://", "", comp["url"]).removesuffix(".git")
        refs.append(("PACKAGE-MANAGER", "purl", f"pkg:swift/{url}@{_q(comp['version'])}"))
    elif comp["name"] == "ffmpeg":
        refs.append(("PACKAGE-MANAGER", "purl", f"pkg:generic/ffmpeg@{_q(comp['version'])}"))
        refs.append(("SECURITY", "cpe23Type", f"cpe:2.3:a:ffmpeg:ffmpeg:{comp['version']}:*:*:*:*:*:*:*"))
    elif comp["name"] == "busybox-net":
        upstream = comp["version"].split(":")[-1].split("-")[0]
        refs.append(("PACKAGE-MANAGER", "purl", f"pkg:generic/busybox@{_q(upstream)}"))
        refs.append(("SECURITY", "cpe23Type", f"cpe:2.3:a:busybox:busybox:{upstream}:*:*:*:*:*:*:*"))
    elif comp["name"] == "swift-runtime":
        refs.append(("PACKAGE-MANAGER", "purl", f"pkg:generic/swift@{_q(comp['version'])}"))
    elif comp["name"] == "linux" and comp["kind"] == "built":
        refs.append(("PACKAGE-MANAGER", "purl", f"pkg:generic/linux@{_q(comp['version'].split('-')[0])}"))
    if comp["name"].startswith("linux-image-") or (comp["name"] == "linux" and comp["kind"] == "built"):
        upstream = comp["version"].split("-")[0]
        refs.append(("SECURITY", "cpe23Type", f"cpe:2.3:o:linux:linux_kernel:{upstream}:*:*:*:*:*:*:*"))
    return [{"referenceCategory": c, "referenceType": t, "referenceLocator": loc} for c, t, loc in refs]


def _package(comp, ident, arch, file_ids):
    pkg = {"SPDXID": ident, "name": comp["name"], "versionInfo": comp["version"],
           "downloadLocation": "NOASSERTION", "licenseConcluded": "NOASSERTION",
           "licenseDeclared": "NOASSERTION", "copyrightText": "NOASSERTION"}
    if comp["kind"] == "deb":
        pkg["supplier"] = "Organization: Debian"
        pkg["sourceInfo"] = f"built from Debian's source package {comp['source']} {comp['source_version']}"
    elif comp.get("source_version"):
        pkg["sourceInfo"] = f"built here from Debian's source package {comp['source']} {comp['source_version']}"
    elif comp["kind"] == "swiftpm":
        pkg["downloadLocation"] = f"git+{comp['url']}@{comp['revision']}"
        pkg["sourceInfo"] = f"revision {comp['revision']} (Package.resolved)"
    comments = [comp[k] for k in ("comment",) if comp.get(k)]
    if comp.get("configure"):
        comments.append("configured with: " + comp["configure"])
    if comp.get("licence_dir"):
        comments.append(f"licence texts on the root: {comp['licence_dir']}")
    if comments:
        pkg["comment"] = "; ".join(comments)
    if file_ids:
        pkg["filesAnalyzed"] = True
        sha1s = sorted(f.sha1 for f in comp["files"])
        pkg["packageVerificationCode"] = {"packageVerificationCodeValue": hashlib.sha1("".join(sha1s).encode()).hexdigest()}
        pkg["hasFiles"] = file_ids
    else:
        pkg["filesAnalyzed"] = False
    refs = _refs(comp, arch)
    if refs:
        pkg["externalRefs"] = refs
    return pkg


def document(name, arch, version, components, playhead, runtime, swiftpm):
    seen = set()
    packages, files, rels = [], [], []
    root_id = _id("Package", name + "-root", seen)
    ids = {}
    for comp in components:
        ident = ids[id(comp)] = _id("Package", comp["name"], seen)
        file_ids = []
        for f in comp["files"]:
            fid = _id("File", f.path.lstrip("/"), seen)
            file_ids.append(fid)
            files.append({"SPDXID": fid, "fileName": "." + f.path,
                          "checksums": [{"algorithm": "SHA1", "checksumValue": f.sha1},
                                        {"algorithm": "SHA256", "checksumValue": f.sha256}],
                          "licenseConcluded": "NOASSERTION", "copyrightText": "NOASSERTION"}
                         | ({"fileTypes": ["BINARY"]} if f.elf else {}))
            rels.append((ident, "CONTAINS", fid))
        packages.append(_package(comp, ident, arch, file_ids))
        rels.append((root_id, "CONTAINS", ident))
    for comp in [runtime] + swiftpm:
        rels.append((ids[id(playhead)], "STATIC_LINK", ids[id(comp)]))
    root = {"SPDXID": root_id, "name": f"{name} root", "versionInfo": version,
            "primaryPackagePurpose": "FIRMWARE", "downloadLocation": "NOASSERTION", "filesAnalyzed": False,
            "licenseConcluded": "NOASSERTION", "licenseDeclared": "NOASSERTION", "copyrightText": "NOASSERTION",
            "comment": f"the read-only root of {name}: everything on it, by where it came from"}
    body = {"packages": [root] + packages, "files": files,
            "relationships": [{"spdxElementId": "SPDXRef-DOCUMENT", "relationshipType": "DESCRIBES",
                               "relatedSpdxElement": root_id}]
            + [{"spdxElementId": a, "relationshipType": t, "relatedSpdxElement": b} for a, t, b in rels]}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]
    return {"spdxVersion": "SPDX-2.3", "dataLicense": "CC0-1.0", "SPDXID": "SPDXRef-DOCUMENT",
            "name": name, "documentNamespace": f"https://playhead.invalid/spdx/{name}-{version}-{digest}",
            "creationInfo": {"created": _created(), "creators": ["Tool: playhead board/image/sbom.py"]},
            **body}


def for_bundle(bill, name, version):
    """A bundle carries the image's root unchanged, so its bill is the root's, named for the
    bundle (its own document name and namespace, as SPDX wants one per document)."""
    doc = json.loads(bill)
    digest = hashlib.sha256(bill).hexdigest()[:16]
    doc["name"] = name
    doc["documentNamespace"] = f"https://playhead.invalid/spdx/{name}-{version}-{digest}"
    doc["comment"] = f"RAUC bundle {name} version {version}: its root.squashfs is the root this bill describes"
    return json.dumps(doc, indent=1) + "\n"


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 3:
        sys.exit("usage: sbom_spdx.py NAME VERSION < ROOT-BILL > BUNDLE-BILL")
    sys.stdout.write(for_bundle(sys.stdin.buffer.read(), sys.argv[1], sys.argv[2]))
