#!/usr/bin/env python3
"""Board scenario 29's host side: an HTTPS server for the guest (reached as 10.0.2.2 through
QEMU's user network, which maps it to the host's loopback) serving the test media, with a
certificate openssl makes for 10.0.2.2, and a second, unrelated authority. Writes
OUT/29-https-item.ca.pem, .other.pem and .port; serves until the guest writes
OUT/29-https-item.guest.done or two minutes pass. Usage: 29-https-item.py TTYS1 MONITOR OUT"""
import functools
import http.server
import pathlib
import ssl
import subprocess
import sys
import tempfile
import threading
import time

_tty, _mon, out = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
root = pathlib.Path(__file__).resolve().parents[3]
work = pathlib.Path(tempfile.mkdtemp(prefix="ph-29-"))


def certificate(name, address):
    cert, key = work / f"{name}.pem", work / f"{name}.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", f"/CN={address}", "-addext", f"subjectAltName=IP:{address}"],
                   check=True, capture_output=True)
    return cert, key


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


cert, key = certificate("server", "10.0.2.2")
other, _ = certificate("other", "10.0.2.2")
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root / "build" / "media")))
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(str(cert), str(key))
server.socket = context.wrap_socket(server.socket, server_side=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
(out / "29-https-item.ca.pem").write_bytes(cert.read_bytes())
(out / "29-https-item.other.pem").write_bytes(other.read_bytes())
(out / "29-https-item.port").write_text(f"{server.server_address[1]}\n")
print(f"serving build/media over HTTPS on 127.0.0.1:{server.server_address[1]}", flush=True)
deadline = time.monotonic() + 120
while time.monotonic() < deadline and not (out / "29-https-item.guest.done").exists():
    time.sleep(0.5)
server.shutdown()
