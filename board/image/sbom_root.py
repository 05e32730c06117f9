"""The files of a staged root as the bill of materials needs them: each regular file's digests
and whether it is ELF, including the files packed in the early boot (/usr/lib/boot/initrd.gz, a
gzip'd newc cpio), which carry their own BusyBox, e2fsprogs and libraries: they are on the
image too, only one archive deeper.
"""
import gzip
import hashlib
import os

INITRD = "/usr/lib/boot/initrd.gz"


class RootFile:
    def __init__(self, path, data):
        self.path = path  # as on the board; "INITRD!/sbin/e2fsck" inside the early boot
        self.elf = data[:4] == b"\x7fELF"
        self.md5 = hashlib.md5(data).hexdigest()
        self.sha1 = hashlib.sha1(data).hexdigest()
        self.sha256 = hashlib.sha256(data).hexdigest()
        self.size = len(data)


def _cpio_files(blob):
    """Regular files of a newc cpio (the format mkbootfs.sh writes): (path, bytes)."""
    pos = 0
    while pos + 110 <= len(blob):
        head = blob[pos:pos + 110]
        if head[:6] not in (b"070701", b"070702"):
            raise ValueError(f"not a newc cpio at byte {pos}")
        mode = int(head[14:22], 16)
        size = int(head[54:62], 16)
        namesize = int(head[94:102], 16)
        name = blob[pos + 110:pos + 110 + namesize - 1].decode("utf-8", "replace")
        pos = (pos + 110 + namesize + 3) & ~3
        data = blob[pos:pos + size]
        pos = (pos + size + 3) & ~3
        if name == "TRAILER!!!":
            return
        if mode & 0o170000 == 0o100000:
            yield "/" + name.lstrip("./"), data


def walk(root):
    """Every regular file of the root (links are not files of their own), sorted by path."""
    out = []
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(folder, name)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            path = "/" + os.path.relpath(full, root)
            with open(full, "rb") as f:
                data = f.read()
            out.append(RootFile(path, data))
            if path == INITRD:
                for inner, blob in _cpio_files(gzip.decompress(data)):
                    out.append(RootFile(f"{INITRD}!{inner}", blob))
    return out
