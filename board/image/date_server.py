"""The HTTPS server whose Date: header is the board's clock where NTP is blocked (TIME_URL in
network.txt): Python's TLS server on the host's loopback (the guest's 10.0.2.2), with a
certificate openssl makes for the run; the board's BusyBox wget checks none. It answers every
GET with an empty 204 and counts the requests. Python's standard library and openssl only."""
import http.server
import pathlib
import ssl
import subprocess
import sys
import threading


class DateServer:
    def __init__(self, tmp):
        folder = pathlib.Path(tmp)
        cert, key = folder / "date-server.pem", folder / "date-server.key"
        made = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                               "-days", "2", "-subj", "/CN=10.0.2.2", "-addext", "subjectAltName=IP:10.0.2.2"],
                              capture_output=True, text=True)
        if made.returncode != 0:
            sys.exit(f"image-test: openssl could not make the date server's certificate: {made.stderr.strip()}")
        self.requests = 0
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                owner.requests += 1
                # send_response adds the Date: header the board reads.
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(cert), str(key))
        # BusyBox's TLS offers only older signature algorithms, which OpenSSL 3 refuses at its
        # default security level.
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.url = f"https://10.0.2.2:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
