"""A remote client of the board's HTTP API for `make bench`: while the guest says so (its
BENCH-HTTP-POLL start and stop lines), GET /api/status and /metrics, each 20 times a second,
through the port QEMU forwards; counts the answers. Python's standard library only."""
import http.client
import threading
import time


class Poller:
    def __init__(self, port, token, per_second=20):
        self.token = token
        self.interval = 1.0 / per_second
        self.thread = None
        self.stopping = threading.Event()
        self.answered = self.failed = 0
        self.seconds = 0.0
        self.slowest = 0.0
        self.port = port
        self.connection = None

    def on_line(self, text):
        if text.startswith("BENCH-HTTP-POLL start") and self.thread is None:
            self.thread = threading.Thread(target=self.run, daemon=True)
            self.thread.start()
        elif text.startswith("BENCH-HTTP-POLL stop") and self.thread is not None:
            self.stopping.set()
            self.thread.join()

    def get(self, path):
        """One request on a kept-alive connection, as a page or Prometheus makes them."""
        started = time.monotonic()
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", int(self.port), timeout=5)
            self.connection.request("GET", path, headers={"Authorization": f"Bearer {self.token}"})
            response = self.connection.getresponse()
            response.read()
            if response.status != 200:
                raise OSError(f"{path}: {response.status}")
            self.answered += 1
            self.slowest = max(self.slowest, time.monotonic() - started)
        except (OSError, http.client.HTTPException):
            self.failed += 1
            if self.connection is not None:
                self.connection.close()
            self.connection = None

    def run(self):
        started = time.monotonic()
        tick = started
        while not self.stopping.is_set():
            self.get("/api/status")
            self.get("/metrics")
            tick += self.interval
            self.stopping.wait(max(0.0, tick - time.monotonic()))
        self.seconds = time.monotonic() - started

    def summary(self):
        rate = self.answered / self.seconds if self.seconds else 0
        return (f"{self.answered} answers in {self.seconds:.1f} s ({rate:.1f}/s over both paths), {self.failed} failed,"
                f" slowest {self.slowest * 1000:.0f} ms")
