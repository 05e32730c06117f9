"""The network and clock half of image-test: a real NTP server on the host (Debian's chronyd,
`local stratum 8`, serving on the loopback and never touching the host's clock), QEMU's user
network for the guest (which reaches the host at 10.0.2.2: its UDP to 10.0.2.2:123 arrives at
127.0.0.1:123), and a watcher of one boot's console that cuts the cable through QEMU's monitor
once the board has an address, its clock from NTP and its first frame, and wants the address
and an NTP sync back after the cable returns. Python's standard library only."""
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import time
import json
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "emulated" / "drivers"))
from qemu_monitor import monitor  # noqa: E402

# The guest's clock starts here, as a board with no battery-backed clock would (QEMU's RTC
# otherwise gives the guest the host's time, and there would be nothing to restore).
RTC_BASE = "2001-01-01T00:00:00"
HOST = "10.0.2.2"

BOUND = re.compile(r"net: (\S+) (\S+) via \S+ dns .*\(dhcp (bound|renew)\)")
LINK = re.compile(r"net: (\S+) link (up|down)")
STATE = re.compile(r"clock: synchronised=(yes|no) since=(\d+) source=(\S+)$")
SYNC = re.compile(r"clock: ntpd (step|stratum) from (\S+)")


def isolate():
    """Runs this test again in a network namespace of its own with only a loopback. QEMU's user
    network sends what the guest sends wherever the host can reach: here the guest reaches
    10.0.2.2 (this namespace's 127.0.0.1, where chronyd listens) and nothing else, its name
    lookups included (a board's default NTP server is pool.ntp.org)."""
    if os.environ.get("PLAYHEAD_IMAGE_TEST_NETNS") == "1":
        return
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        sys.exit("image-test: unshare (util-linux) or ip (iproute2) is missing; run 'make deps'")
    os.environ["PLAYHEAD_IMAGE_TEST_NETNS"] = "1"
    os.execvp("unshare", ["unshare", "--net", "--", "sh", "-c", 'ip link set lo up && exec "$0" "$@"',
                          sys.executable, *sys.argv])


def free_port(kind=socket.SOCK_STREAM):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ChronyServer:
    """chronyd on 127.0.0.1: port 123 when it can be had (root), else a free port, which the
    guest then names as 10.0.2.2:PORT."""

    def __init__(self, tmp):
        # In this test's own network namespace (isolate) port 123 is free unless it is not root.
        chronyd = shutil.which("chronyd") or shutil.which("chronyd", path="/usr/sbin:/sbin")
        if chronyd is None:
            sys.exit("image-test: chronyd is missing; run 'make deps' (package chrony)")
        self.port = 123
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.bind(("127.0.0.1", 123))
        except OSError:
            self.port = free_port(socket.SOCK_DGRAM)
        folder = pathlib.Path(tmp) / "chrony"
        folder.mkdir()
        conf = folder / "chrony.conf"
        # No server lines: it asks nobody outside and serves its own clock at stratum 8.
        conf.write_text(f"local stratum 8\nallow all\nbindaddress 127.0.0.1\nport {self.port}\ncmdport 0\n"
                        f"pidfile {folder}/chronyd.pid\n")
        self.log = open(folder / "chronyd.log", "w")
        # -x: never steer the host's clock; -d: in the foreground, this test's own child.
        self.proc = subprocess.Popen([chronyd, "-4", "-x", "-d", "-u", "root", "-f", str(conf)],
                                     stdout=self.log, stderr=subprocess.STDOUT)
        time.sleep(0.5)
        if self.proc.poll() is not None:
            sys.exit(f"image-test: chronyd did not start (see {folder}/chronyd.log)")
        self.server = HOST if self.port == 123 else f"{HOST}:{self.port}"

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


# The HTTP API's token image-test puts on the card's FAT (http-token.txt): the supervisor then
# starts playhead with its API on 8080.
API_TOKEN = "image-test-token-0123456789"


def qemu_net(machine_args, monitor_path):
    """QEMU's user network for one boot (a host port forwarded to the guest's 8080, playhead's
    HTTP API) and its monitor on a socket, for set_link. Returns (arguments, the host port)."""
    args = list(machine_args)
    i = args.index("-monitor")
    args[i + 1] = f"unix:{monitor_path},server=on,wait=off"
    port = free_port()
    return args + ["-netdev", f"user,id=net0,ipv6=off,hostfwd=tcp:127.0.0.1:{port}-:8080",
                   "-device", "virtio-net-pci,netdev=net0"], port


def api_get(port, path):
    """The board's HTTP API through the forwarded port, with the token; None when it does not answer."""
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {API_TOKEN}"})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.read().decode()
    except OSError:
        return None


class NetWatch:
    """One boot's network and clock as its console tells them: `see(line)` for each line, then
    `step(playing)`, which pulls the cable (QEMU's monitor) once the board has a lease, an NTP
    sync and its first frame, plugs it back once the guest saw it go, and says True once a new
    lease and an NTP sync came after that."""

    def __init__(self, monitor_path, api_port=None):
        self.monitor = monitor_path
        self.api_port = api_port
        self.api = {}    # what the board's API said: status before the cut, status and metrics after
        self.bound = []      # (monotonic, address) of each new lease
        self.states = []     # (synchronised, since, source) each time the clock's file changed
        self.syncs = []      # (monotonic, peer) of each ntpd step or stratum
        self.links = []      # (monotonic, up|down)
        self.phase = "wait"
        self.cut_at = self.back_at = None
        self.synced_at_host = None   # the host's time when the guest first said synchronised=yes
        self.failures = []

    def see(self, text):
        now = time.monotonic()
        if m := BOUND.search(text):
            self.bound.append((now, m.group(2)))
        if m := LINK.search(text):
            self.links.append((now, m.group(2)))
        if m := STATE.search(text):
            self.states.append((m.group(1), int(m.group(2)), m.group(3)))
            if m.group(1) == "yes" and self.synced_at_host is None:
                self.synced_at_host = time.time()
        if m := SYNC.search(text):
            self.syncs.append((now, m.group(2)))

    def link(self, word):
        answer = monitor(self.monitor, f"set_link net0 {word}")
        if answer.strip():
            self.failures.append(f"set_link net0 {word}: {answer!r}")
        return time.monotonic()

    def step(self, playing):
        if self.phase == "wait" and playing and self.bound and any(s[0] == "yes" for s in self.states):
            if self.api_port:
                self.api["before"] = api_get(self.api_port, "/api/status")
                self.api["before_at"] = time.monotonic()
            self.cut_at, self.phase = self.link("off"), "off"
        elif self.phase == "off" and any(t > self.cut_at and w == "down" for t, w in self.links):
            self.back_at, self.phase = self.link("on"), "on"
        elif self.phase == "on" and any(t > self.back_at for t, _ in self.bound) \
                and any(t > self.back_at for t, _ in self.syncs):
            self.phase = "back"
            if self.api_port:
                self.api["after"] = api_get(self.api_port, "/api/status")
                self.api["window"] = time.monotonic() - self.api["before_at"]
                self.api["metrics"] = api_get(self.api_port, "/metrics")
            return True
        return False


# The options image-test puts on the card's FAT, as a technician would: the host's NTP server,
# a name, no name server (lookups stay in the guest), and one malformed line, which the board
# must name on the console and get past.
def options_file(server, time_url):
    return (f"# image-test: the host's chronyd through QEMU's user network\r\nHOSTNAME=image-test\r\n"
            f"NTP={server}\r\nDNS=127.0.0.1\r\nthis line is not an option\r\nTIME_URL={time_url}\r\n")


BAD_LINE = "net: /boot/network.txt line 5 ignored (not KEY=value)"
# 2025-01-01: a clock restored from /data, or set by NTP, is past it; 1970 and RTC_BASE are not.
PLAUSIBLE = 1735689600


def check_networked(net, said):
    """The first boot: nothing saved yet, then a lease from QEMU's DHCP, the clock from the
    host's chronyd, the cable pulled and plugged back, the lease and a sync again. Returns
    (failures, summary)."""
    f = list(net.failures)
    if not net.states or net.states[0] != ("no", 0, "none"):
        f.append(f"first boot: the clock's first state is {net.states[:1]}, not 'synchronised=no since=0 source=none'"
                 " (nothing saved yet, the RTC at " + RTC_BASE + ")")
    if not net.bound or not net.bound[0][1].startswith("10.0.2."):
        f.append(f"no DHCP lease from QEMU's user network (leases seen: {net.bound})")
    synced = [s for s in net.states if s[0] == "yes"]
    if not synced or synced[0][2] != f"ntp:{HOST}":
        f.append(f"the clock never said synchronised=yes source=ntp:{HOST} (states: {net.states})")
    elif net.synced_at_host and abs(synced[0][1] - net.synced_at_host) > 30:
        f.append(f"synchronised since {synced[0][1]}, but the host's time then was {net.synced_at_host:.0f}")
    stuck = {"wait": "the cable was never pulled (no lease, NTP sync or first frame)",
             "off": "the guest never said its link went down after set_link net0 off",
             "on": "after set_link net0 on, no new lease or no NTP sync came"}
    if net.phase in stuck:
        f.append(stuck[net.phase])
    f += check_api(net)
    if BAD_LINE not in said:
        f.append(f"the malformed line of network.txt was not named on the console ({BAD_LINE!r})")
    summary = ""
    if not f:
        lease = net.bound[0][1]
        back = min(t for t, _ in net.bound if t > net.back_at) - net.back_at
        sync = min(t for t, _ in net.syncs if t > net.back_at) - net.back_at
        summary = (f"lease {lease} by DHCP, clock synchronised=yes source=ntp:{HOST} (since {synced[0][1]});"
                   f" cable pulled and plugged back: the lease {back:.1f} s and an NTP sync {sync:.1f} s later"
                   + (f"; {net.api['summary']}" if "summary" in net.api else ""))
    return f, summary


def check_api(net):
    """The board's HTTP API over the network (on because http-token.txt is on the card): its
    status before the cable was pulled and after it came back, no stall and no more than a few
    frames dropped between them (below), the
    clock line synchronised by NTP, and /metrics with the data partition's writes."""
    if net.api_port is None:
        return []
    before, after = net.api.get("before"), net.api.get("after")
    if before is None or after is None:
        return [f"the board's HTTP API did not answer through the forwarded port (before the cut: {before is not None},"
                f" after: {after is not None})"]
    before, after = json.loads(before), json.loads(after)
    f = []
    # A playback the network held up stalls, or drops nearly every frame (25 a second) of the
    # window, which lasts 5 to 15 s. Under emulation the boot's late work and the demo's damaged
    # items (restarted through the 1080p slate, scaled in software) drop a few frames whatever
    # the cable does: 1 and 4 were seen in two runs, each a failure when none was allowed.
    dropped = after["dropped"] - before["dropped"]
    allowed = max(4, int(2 * net.api.get("window", 0)))
    if after["stalls"] != before["stalls"] or dropped > allowed:
        f.append(f"playback suffered while the cable was out: {dropped} frames dropped ({allowed} allowed in"
                 f" {net.api.get('window', 0):.1f} s), stalls {before['stalls']} before, {after['stalls']} after")
    clock = after.get("clock", {})
    if clock.get("synchronised") is not True or clock.get("source") != f"ntp:{HOST}":
        f.append(f"status's clock line after the cable came back is {clock}, not synchronised by ntp:{HOST}")
    if "playhead_data_partition_written_bytes_total" not in (net.api.get("metrics") or ""):
        f.append("/metrics has no playhead_data_partition_written_bytes_total (the /data partition's writes)")
    net.api["summary"] = (f"the API answered over the network; {dropped} frames dropped in the"
                          f" {net.api.get('window', 0):.1f} s the cable was out, no stall; status's clock {clock.get('source')} since {clock.get('since')}")
    return f


def check_restored(net, synced_since):
    """A boot with no network after one that synced: the clock restored from /data, not 1970
    and not the RTC's 2001, and no earlier than the time the first boot synced."""
    first = net.states[0] if net.states else None
    if first is None or first[0] != "no" or first[2] != "saved:/data/clock":
        return [f"boot with no network: the clock's first state is {first}, not synchronised=no source=saved:/data/clock"], ""
    if first[1] < max(PLAUSIBLE, synced_since - 5) or first[1] > time.time() + 5:
        return [f"boot with no network: restored to {first[1]}, not between the first boot's sync"
                f" ({synced_since}) and now"], ""
    return [], f"no network: clock restored from /data/clock to {first[1]} ({time.time() - first[1]:.0f} s behind the host)"
