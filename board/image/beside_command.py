"""A host command run beside a boot that only waits on the guest's clock (image-test's measuring
boot): its output kept in a file, its end awaited and judged after the boot."""
import atexit
import os
import signal
import subprocess
import threading
import time


class BesideCommand:
    def __init__(self, command, log):
        self.command, self.log = command, log
        self.started = time.monotonic()
        with open(log, "w") as out:
            # A session of its own: a failing test stops it whole (swift test and its workers).
            self.process = subprocess.Popen(command, shell=True, stdout=out, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        self.ended = None
        threading.Thread(target=self._note_end, daemon=True).start()
        atexit.register(self.stop)

    def _note_end(self):
        self.process.wait()
        self.ended = time.monotonic()

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)

    def finish(self, timeout):
        """Waits up to `timeout` s more; returns (exit status or None when it ran out, seconds
        it ran, its last lines)."""
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            status = None
        took = (self.ended or time.monotonic()) - self.started
        with open(self.log, errors="replace") as out:
            lines = out.read().splitlines()
        return status, took, lines[-40:]
