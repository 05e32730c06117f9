"""QEMU's serial console as the host reads it: QEMU started with `-serial stdio`, its output read
line by line into a log, the last lines kept for a failure's message. The emulated boards
(boot.py) and the images' test (board/image/image-test.py, which boots several times into one
log and types at the rescue shell) watch their guests through it. Python's standard library
only."""
import math
import os
import select
import subprocess
import sys
import time


class QemuConsole:
    """One QEMU process and its serial console. `lines()` yields each line as it comes, until
    QEMU exits or `deadline` passes; `stop()` ends it."""

    def __init__(self, cmd, log, append=False, echo=None, keep=40, stdin=False, quiet=None):
        self.log = open(log, "a" if append else "w", encoding="utf-8", errors="replace")
        self.echo = echo  # echo(line) -> whether the line goes to the terminal too
        # quiet(line) -> a line for the log alone (a heartbeat): it would push the lines that
        # explain a failure out of the tail.
        self.quiet = quiet
        self.keep = keep
        self.tail = []
        # On time.monotonic(); the caller may move it while reading (a first frame seen, a
        # scenario that reported, a guest that went quiet).
        self.deadline = math.inf
        self.ended_at = None  # when QEMU closed its output: it is exiting
        self.buffer = b""
        # When the first byte of the line last handed out came (the host's monotonic clock): a
        # guest's clock printed on its console is put on the host's by it (wall_drift.py).
        self.arrived = None
        self.buffer_began = self.chunk_came = None
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def lines(self):
        """Each whole line QEMU prints, logged first; a last line without its newline comes when
        QEMU closes its output. Returns at the deadline with QEMU still running. Lines already
        read come first: a caller that stopped in the middle of a chunk (a reply matched) finds
        the rest of it at its next call, not only when QEMU next prints."""
        while True:
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                # What is left of the buffer began in the chunk read last.
                self.arrived, self.buffer_began = self.buffer_began, self.chunk_came
                yield self.record(raw)
            if self.ended_at is not None:
                return
            left = self.deadline - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.proc.stdout], [], [], min(left, 0.5))
            chunk = os.read(self.proc.stdout.fileno(), 65536) if ready else None
            if chunk == b"" or (chunk is None and self.proc.poll() is not None):
                self.ended_at = time.monotonic()
                if self.buffer:
                    self.arrived = self.buffer_began
                    yield self.record(self.buffer)
                    self.buffer = b""
                return
            if chunk:
                self.chunk_came = time.monotonic()
                if not self.buffer:
                    self.buffer_began = self.chunk_came
                self.buffer += chunk

    def record(self, raw):
        return self.line(raw.decode("utf-8", "replace").rstrip("\r"))

    def line(self, text):
        """A console line: into the log and the tail, and onto the terminal when `echo` says so.
        The host adds its own (why it stopped a guest) through here too."""
        self.note(text)
        if self.quiet is not None and self.quiet(text):
            return text
        self.tail = (self.tail + [text])[-self.keep:]
        if self.echo is not None and self.echo(text):
            print(text, flush=True)
        return text

    def note(self, text):
        """A line into the log alone (QEMU's monitor on a wedged guest), flushed at once: the log
        is what is left to read when a run goes wrong."""
        self.log.write(text + "\n")
        self.log.flush()

    def send(self, data):
        """Typed at the console: QEMU's stdin (started with stdin=True)."""
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def stop(self):
        """Ends QEMU and returns its exit status. One that closed its output is exiting and is
        waited for; one still running is killed: for a board, a power cut (no shutdown, no
        sync)."""
        if self.ended_at is None:
            self.proc.kill()
        status = self.proc.wait()
        self.log.close()
        return status


def log_lines(path):
    """A console log read back, one string per line."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return [line.rstrip("\n") for line in f]


def fail_with_tail(name, why, tail=()):
    """Ends a test that watched a guest: the reason, the console's last lines, and the reason
    again, since a CI log keeps only the end of the output."""
    print(f"{name}: {why}", file=sys.stderr)
    for text in tail:
        print("  | " + text, file=sys.stderr)
    if tail:
        print(f"{name}: {why}", file=sys.stderr)
    sys.exit(1)
