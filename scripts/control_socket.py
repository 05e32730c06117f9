"""playhead's control socket from the test scripts: one command, its JSON answer."""
import json
import socket
import time


def ask(path, command, retry_seconds=0):
    """Sends `command` and returns the decoded reply; for `retry_seconds` a socket that is not
    there yet (playhead starting) is tried again."""
    deadline = time.monotonic() + retry_seconds
    while True:
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.settimeout(5)
                s.connect(path)
                s.sendall(command.encode() + b"\n")
                data = b""
                while not data.endswith(b"\n"):
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                return json.loads(data.decode())
        except (OSError, ValueError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
