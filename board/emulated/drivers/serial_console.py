"""playhead's serial console as a person at a terminal sees it: the guest's second serial port,
reached through QEMU's socket chardev. Python's standard library only."""
import re
import socket
import time

ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = b"playhead> "


class SerialConsole:
    def __init__(self, path, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        self.buffer = b""
        self.transcript = []

    def _read(self, timeout):
        self.sock.settimeout(timeout)
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            return False
        if not chunk:
            raise EOFError("the console's socket closed")
        self.buffer += chunk
        return True

    def wait_prompt(self, timeout=60):
        """Enter until a prompt answers (the console may still be starting)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.sendall(b"\r")
            end = time.monotonic() + 2
            while time.monotonic() < end:
                self._read(0.5)
                if PROMPT in self.buffer:
                    time.sleep(0.3)
                    self._drain()
                    return True
        return False

    def _drain(self):
        while self._read(0.2):
            pass
        self.buffer = b""

    def command(self, line, timeout=30):
        """Types the line (a character at a time, as a person does), Enter, and returns what came
        back before the next prompt, escape sequences and the echo taken out."""
        self.buffer = b""
        for ch in line.encode():
            self.sock.sendall(bytes([ch]))
        self.sock.sendall(b"\r")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            cleaned = ANSI.sub(b"", self.buffer)
            # The echo line ends in CRLF; the reply follows; the prompt closes it.
            if cleaned.count(PROMPT) >= 1 and b"\r\n" in cleaned and cleaned.rstrip().endswith(PROMPT.rstrip()):
                break
            self._read(0.5)
        # A carriage return starts a line over (an event printed above the prompt): a new line.
        text = ANSI.sub(b"", self.buffer).decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
        lines = [l for l in text.split("\n")]
        # Drop the echoed command and the closing prompt.
        while lines and (lines[0].strip() == "" or lines[0].endswith(line) or lines[0].startswith("playhead> ")):
            if lines[0].endswith(line):
                lines.pop(0)
                break
            lines.pop(0)
        reply = "\n".join(l for l in lines if l.strip() and not l.startswith("playhead>")).strip()
        self.transcript.append(f"> {line}\n{reply}")
        return reply

    def close(self):
        self.sock.close()
