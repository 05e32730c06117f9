"""Shared by the capture checks: a binary PPM (P6, 8-bit), as playhead's captures are written."""


def read_ppm(path):
    """Returns (width, height, RGB bytes) of the PPM at `path` (a pathlib.Path)."""
    data = path.read_bytes()
    fields = data.split(b"\n", 3)
    assert fields[0] == b"P6" and fields[2] == b"255", f"{path} is not a binary PPM"
    width, height = map(int, fields[1].split())
    return width, height, fields[3]
