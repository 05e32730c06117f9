"""The MQTT test's peers and helpers: Debian's mosquitto started on loopback with a password
file and a TLS listener, a subscriber that keeps every message, and the test's small waits."""
import os, pwd, signal, socket, subprocess, sys, threading, time

USER, PASSWORD = "screens", "wall-of-ten:secret"


def fail(message):
    print(f"mqtt-test: FAIL: {message}", flush=True)
    sys.exit(1)


def say(message):
    print(f"mqtt-test: {message}", flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(what, check, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    fail(f"{what}: not within {seconds} s")


class Broker:
    """Debian's mosquitto with a password file, a plain and a TLS listener, no persistence."""

    def __init__(self, out):
        self.out = out
        self.port, self.tls_port = free_port(), free_port()
        self.ca = f"{out}/ca.pem"
        subprocess.run(["mosquitto_passwd", "-c", "-b", f"{out}/passwd", USER, PASSWORD], check=True)
        ssl = ["openssl", "req", "-nodes", "-newkey", "rsa:2048", "-subj"]
        subprocess.run(["openssl", "req", "-x509", "-nodes", "-newkey", "rsa:2048", "-days", "1", "-subj", "/CN=mqtt-test CA",
                        "-keyout", f"{out}/ca.key", "-out", self.ca], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(ssl + ["/CN=127.0.0.1", "-keyout", f"{out}/server.key", "-out", f"{out}/server.csr"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(f"{out}/san.ext", "w") as f:
            f.write("subjectAltName=IP:127.0.0.1\n")
        subprocess.run(["openssl", "x509", "-req", "-in", f"{out}/server.csr", "-CA", self.ca, "-CAkey", f"{out}/ca.key",
                        "-CAcreateserial", "-days", "1", "-extfile", f"{out}/san.ext", "-out", f"{out}/server.pem"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(f"{out}/mosquitto.conf", "w") as f:
            # Started as root, mosquitto would become the user mosquitto, who cannot read these files.
            f.write(f"""user {pwd.getpwuid(os.getuid()).pw_name}
persistence false
allow_anonymous false
password_file {out}/passwd
log_dest file {out}/mosquitto.log
log_type all
listener {self.port} 127.0.0.1
listener {self.tls_port} 127.0.0.1
cafile {self.ca}
certfile {out}/server.pem
keyfile {out}/server.key
""")
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(["mosquitto", "-c", f"{self.out}/mosquitto.conf"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        def listening():
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", self.port)) == 0
        wait_until("the broker listening", listening, 10)

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def client(self, tool, *args):
        return [tool, "-V", "mqttv5", "-h", "127.0.0.1", "-p", str(self.port), "-u", USER, "-P", PASSWORD, *args]


class Monitor:
    """mosquitto_sub on everything, each message kept with its retain flag and correlation data."""

    def __init__(self, broker, topics=("playhead/#", "test/#")):
        self.save = f"{broker.out}/monitor.txt"
        args = []
        for t in topics:
            args += ["-t", t]
        self.proc = subprocess.Popen(broker.client("mosquitto_sub", *args, "-F", "%r\t%t\t%D\t%p"),
                                     stdout=subprocess.PIPE, text=True, errors="replace")
        self.lines = []
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()
        time.sleep(0.3)

    def read(self):
        for line in self.proc.stdout:
            parts = line.rstrip("\n").split("\t", 3)
            if len(parts) == 4:
                with self.lock:
                    self.lines.append({"at": time.monotonic(), "retained": parts[0] == "1", "topic": parts[1],
                                       "correlation": parts[2], "payload": parts[3]})

    def messages(self, topic, since=0.0):
        with self.lock:
            return [m for m in self.lines if m["topic"] == topic and m["at"] >= since]

    def stop(self):
        self.proc.terminate()
        self.proc.wait()
        # What was seen, for a person reading a failure.
        with open(self.save, "a") as f:
            for m in self.lines:
                f.write(f"{m['at']:.3f} r={int(m['retained'])} {m['topic']} [{m['correlation']}] {m['payload'][:300]}\n")


def publish(broker, topic, line, response=None, correlation=None):
    args = ["-t", topic, "-m", line]
    if response:
        args += ["-D", "publish", "response-topic", response]
    if correlation:
        args += ["-D", "publish", "correlation-data", correlation]
    subprocess.run(broker.client("mosquitto_pub", *args), check=True, timeout=10)


def reply(monitor, topic, correlation, since):
    for m in monitor.messages(topic, since):
        if m["correlation"] == correlation:
            return m
    return None
