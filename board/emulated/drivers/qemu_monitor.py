"""QEMU's human monitor on its socket: one command, its answer. Standard library only."""
import socket
import time


def monitor(path, command, timeout=20):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(path)
    try:
        def until_prompt():
            data = b""
            deadline = time.monotonic() + timeout
            while not data.rstrip().endswith(b"(qemu)") and time.monotonic() < deadline:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
            return data.decode("utf-8", "replace")
        until_prompt()
        s.sendall(command.encode() + b"\n")
        answer = until_prompt()
        # The echo of the command comes first; what follows, before the prompt, is the answer.
        lines = [l.strip() for l in answer.replace("\r", "").split("\n")]
        return "\n".join(l for l in lines if l and not l.startswith("(qemu)") and command not in l)
    finally:
        s.close()
