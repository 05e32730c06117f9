"""Debian packages as the bill of materials sees them: name, version, architecture, source, the
MD5 of each file they ship (from the package's own md5sums) and their copyright text.

Files are matched by content, not by path: the roots copy a library from wherever the loader
found it (/usr/lib for /lib, the real file behind a link), so a path says little, while the
md5sums Debian ships say exactly which package a byte-identical file came from.

Two sources: the host's dpkg database (the x86_64 roots take their libraries from the host) and
.deb files (the guest packages; the arm64 sysroot's packages, which are not installed here).
`python3 sbom_debs.py DEB...` prints the .debs' records as JSON, for a cache that outlives them.
"""
import io
import json
import os
import subprocess
import sys
import tarfile


def _fields(text):
    out = {}
    for line in text.splitlines():
        if line[:1] not in (" ", "\t") and ":" in line:
            key, value = line.split(":", 1)
            out[key.strip()] = value.strip()
    return out


def _record(control, md5sums, copyright_text):
    # Source may carry its own version: "ffmpeg (7:5.1.9-0+deb12u1)"; absent means the binary's.
    source = control.get("Source", "") or control["Package"]
    source_version = control["Version"]
    if " (" in source:
        source, source_version = source.rstrip(")").split(" (", 1)
    return {"name": control["Package"], "version": control["Version"],
            "arch": control.get("Architecture", ""), "source": source,
            "source_version": source_version, "md5sums": md5sums, "copyright": copyright_text}


def _parse_md5sums(text):
    out = {}
    for line in text.splitlines():
        md5, _, path = line.partition("  ")
        if md5 and path:
            out[md5] = "/" + path
    return out


def deb_record(deb):
    """One .deb: its control fields, its md5sums and /usr/share/doc/NAME/copyright (following a
    doc folder that is a link to a sibling package's, as Debian allows within one source)."""
    control = _fields(subprocess.run(["dpkg-deb", "-f", deb], check=True, capture_output=True,
                                     text=True).stdout)
    ctrl = subprocess.run(["dpkg-deb", "--ctrl-tarfile", deb], check=True, capture_output=True).stdout
    md5sums = {}
    with tarfile.open(fileobj=io.BytesIO(ctrl)) as tar:
        for member in tar.getmembers():
            if member.name.lstrip("./") == "md5sums":
                md5sums = _parse_md5sums(tar.extractfile(member).read().decode("utf-8", "replace"))
    fsys = subprocess.run(["dpkg-deb", "--fsys-tarfile", deb], check=True, capture_output=True).stdout
    text = None
    with tarfile.open(fileobj=io.BytesIO(fsys)) as tar:
        members = {m.name.lstrip("."): m for m in tar.getmembers()}
        doc = "/usr/share/doc/" + control["Package"]
        link = members.get(doc)
        if link is not None and link.issym():
            doc = os.path.normpath(os.path.join("/usr/share/doc", link.linkname))
        member = members.get(doc + "/copyright")
        if member is not None and member.isfile():
            text = tar.extractfile(member).read().decode("utf-8", "replace")
    record = _record(control, md5sums, text)
    record["deb"] = os.path.basename(deb)
    if text is None and link is not None and link.issym():
        # libgcc-s1's folder is a link to gcc-14-base's, a package of its own that it depends on.
        record["copyright_in"] = os.path.basename(doc)
    return record


def debs_in(folder):
    return [deb_record(os.path.join(folder, f)) for f in sorted(os.listdir(folder)) if f.endswith(".deb")]


def host_packages(admindir="/var/lib/dpkg"):
    """Every installed package of the host with its md5sums; the copyright is read later, only
    for the packages the root uses (copyright_of)."""
    query = subprocess.run(
        ["dpkg-query", "--admindir", admindir, "-W", "-f",
         "${Package}\t${Version}\t${Architecture}\t${source:Package}\t${source:Version}\t${db:Status-Abbrev}\n"],
        check=True, capture_output=True, text=True).stdout
    info = os.path.join(admindir, "info")
    out = []
    for line in query.splitlines():
        name, version, arch, source, source_version, status = line.split("\t")
        if not status.startswith("ii"):
            continue
        md5sums = {}
        for candidate in (f"{name}:{arch}.md5sums", f"{name}.md5sums"):
            path = os.path.join(info, candidate)
            if os.path.exists(path):
                with open(path, encoding="utf-8", errors="replace") as f:
                    md5sums = _parse_md5sums(f.read())
                break
        out.append({"name": name, "version": version, "arch": arch, "source": source,
                    "source_version": source_version, "md5sums": md5sums, "copyright": None,
                    "installed": True})
    return out


def copyright_of(record, by_name=None):
    """The copyright text: from the .deb (read when indexed), the package its doc folder links
    to (by_name: name -> record), or the host's doc folder."""
    if record.get("copyright") is None and record.get("copyright_in") and by_name:
        other = by_name.get(record["copyright_in"])
        record["copyright"] = other.get("copyright") if other else None
    if record.get("copyright") is None and record.get("installed"):
        path = f"/usr/share/doc/{record['name']}/copyright"
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                record["copyright"] = f.read()
    return record.get("copyright")


if __name__ == "__main__":
    json.dump([deb_record(d) for d in sys.argv[1:]], sys.stdout)
