#!/usr/bin/env python3
"""MQTT on the host, against Debian's mosquitto started here on loopback (a password file, a
plain listener and a TLS one with a CA and server certificate made by openssl) and real
playheads (null outputs, an item looping):

- one player over TLS: its retained status and `online`, its events, commands on its command
  topic answered on the MQTT 5 response topic with the correlation data (and on its reply
  topic when none is given); `update` handed to the root update agent (played by the test) as
  on the console, a hostile source refused;
- the broker SIGKILLed and started again mid-play: playback never pauses (the position read
  over the control socket keeps advancing all along), the player comes back online;
- the last will: the player SIGSTOPped longer than 1.5 keep-alives, the broker publishes
  `online` false; SIGCONT, and it is back online;
- the broker SIGSTOPped: the player gives the link up, the events it makes meanwhile (400 rate
  changes) fill its bounded queue, the oldest dropped and counted; playback goes on, no picture
  is dropped over the broker's faults (its kill, and its SIGSTOP until the link is given up),
  and it is back online after SIGCONT;
- ten players with null outputs, one message on their group topic, ten answers.

usage: mqtt_test.py PLAYHEAD MEDIA OUT"""
import json, os, signal, subprocess, sys, time, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import control_socket  # noqa: E402
from mqtt_peers import USER, PASSWORD, Broker, Monitor, fail, free_port, publish, reply, say, wait_until  # noqa: E402

KEEPALIVE = 5
GROUP_PLAYERS = 10
# Rate changes made while the broker is away: more events than the outgoing queue holds.
EVENT_FLOOD = 400
QUEUE_CAPACITY = 256


def start_player(playhead, media, out, name, url, extra, item):
    log = open(f"{out}/{name}.log", "w")
    args = [playhead, "--mqtt-url", url, "--mqtt-credentials", f"{out}/credentials", "--mqtt-prefix", f"playhead/{name}",
            "--mqtt-keepalive", str(KEEPALIVE), "--socket", f"{out}/{name}.sock", "--at-end", "wait", "--console", "off",
            "--loop", "yes", "--syslog", "no", "--clock-file", f"{out}/no-clock", *extra, f"{media}/{item}"]
    return subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)


def pictures_dropped(sock):
    """The engine's own count of pictures dropped, from `status`."""
    found = []
    def walk(value):
        if isinstance(value, dict):
            for k, v in value.items():
                if k == "dropped" and isinstance(v, int):
                    found.append(v)
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(control_socket.ask(sock, "status")["reply"])
    if len(found) != 1:
        fail(f"status has {len(found)} 'dropped' counters, not one")
    return found[0]


def online(monitor, name, value, since=0.0):
    return any(m["payload"] == value for m in monitor.messages(f"playhead/{name}/online", since))


def check_update(broker, monitor, out):
    """`update` over MQTT: the same router as the console's, so a system update reaches a board
    from the fleet's broker; a source outside what `update` allows is refused and hands nothing on."""
    since = time.monotonic()
    publish(broker, "playhead/p0/command", "update file:///etc/shadow.raucb", "test/replies/p0", "corr-update-bad")
    r = wait_until("the reply to a hostile update", lambda: reply(monitor, "test/replies/p0", "corr-update-bad", since), 10)
    if json.loads(r["payload"]).get("ok") is not False or os.path.exists(f"{out}/update-request"):
        fail(f"`update file:///etc/shadow.raucb` was not refused before the agent: {r['payload'][:300]}")
    url = "https://updates.example.com/playhead-2026.2.raucb"
    publish(broker, "playhead/p0/command", f"update {url}", "test/replies/p0", "corr-update")
    r = wait_until("the reply to update", lambda: reply(monitor, "test/replies/p0", "corr-update", since), 10)
    answer = json.loads(r["payload"])
    if answer.get("ok") is not True or answer.get("reply", {}).get("update") != "asked":
        fail(f"`update {url}` over MQTT answered {r['payload'][:300]}")
    with open(f"{out}/update-request") as f:
        line = f.read().strip()
    if line != f"install {url} force=no reboot=03:30 zone=Europe/Berlin":
        fail(f"`update` over MQTT handed the agent {line!r}")
    if os.stat(f"{out}/update-request").st_mode & 0o077:
        fail("the update request is readable by others")
    publish(broker, "playhead/p0/command", "update", "test/replies/p0", "corr-update-show")
    r = wait_until("the reply to `update`", lambda: reply(monitor, "test/replies/p0", "corr-update-show", since), 10)
    if "2026.1-test" not in r["payload"]:
        fail(f"`update` over MQTT did not show the slots: {r['payload'][:300]}")
    say(f"update over MQTT: a file:// source refused, the URL handed to the agent as {line!r}, the slots shown")


def main():
    if len(sys.argv) != 4:
        fail(__doc__)
    playhead, media, out = (os.path.abspath(p) for p in sys.argv[1:])
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.endswith(".sock"):
            os.unlink(f"{out}/{f}")
    with open(f"{out}/credentials", "w") as f:
        f.write(f"{USER}:{PASSWORD}\n")
    os.chmod(f"{out}/credentials", 0o600)
    broker = Broker(out)
    broker.start()
    monitor = Monitor(broker)
    players = []
    try:
        started = time.monotonic()
        with open(f"{out}/http-token", "w") as f:
            f.write("mqtt-test-token-0123456789\n")
        http = free_port()
        # The root update agent's side, as it leaves it on a board (its pid and the slots): the
        # test plays the agent and reads the request playhead hands it.
        agent_dir = f"{out}/update-agent"
        os.makedirs(agent_dir, exist_ok=True)
        with open(f"{agent_dir}/agent", "w") as f:
            f.write("1\n")
        with open(f"{agent_dir}/slots", "w") as f:
            f.write("booted=A version=2026.1-test A.version=2026.1-test A.state=good B.state=empty\n")
        for stale in ("update-request", "update-agent/state"):
            if os.path.exists(f"{out}/{stale}"):
                os.unlink(f"{out}/{stale}")
        p0 = start_player(playhead, media, out, "p0", f"mqtts://127.0.0.1:{broker.tls_port}",
                          ["--mqtt-ca-file", broker.ca, "--mqtt-groups", "lobby", "--http-listen", f"127.0.0.1:{http}",
                           "--update-dir", agent_dir, "--update-request", f"{out}/update-request", "--update-reboot", "03:30", "--timezone", "Europe/Berlin",
                           "--http-token-file", f"{out}/http-token", "--http-metrics-open"], "long_240p30.mp4")
        players.append(p0)
        wait_until("p0 online over TLS", lambda: online(monitor, "p0", "true"), 15)
        status = wait_until("p0's status", lambda: monitor.messages("playhead/p0/status"), 10)
        state = json.loads(status[-1]["payload"]).get("state")
        say(f"p0 online over TLS {time.monotonic() - started:.1f} s after start; status state {state!r}")
        # A late subscriber gets the status and `online` at once, retained.
        late = subprocess.run(broker.client("mosquitto_sub", "-t", "playhead/p0/status", "-t", "playhead/p0/online", "-C", "2",
                                            "-W", "5", "-F", "%r %t"), capture_output=True, text=True, timeout=10).stdout.split("\n")
        if sorted(late[:2]) != ["1 playhead/p0/online", "1 playhead/p0/status"]:
            fail(f"a late subscriber did not get status and online retained: {late!r}")
        say("status and online are retained")

        # Commands on the command topic, answered on the response topic with the correlation data.
        since = time.monotonic()
        publish(broker, "playhead/p0/command", "pause", "test/replies/p0", "corr-pause-1")
        r = wait_until("the reply to pause", lambda: reply(monitor, "test/replies/p0", "corr-pause-1", since), 10)
        if json.loads(r["payload"]).get("ok") is not True:
            fail(f"pause answered {r['payload']}")
        wait_until("the pause's event", lambda: [m for m in monitor.messages("playhead/p0/events", since)
                                                 if json.loads(m["payload"]).get("event") == "rateChanged"
                                                 and json.loads(m["payload"]).get("rate") == 0], 10)
        wait_until("the status paused", lambda: [m for m in monitor.messages("playhead/p0/status", since)
                                               if json.loads(m["payload"]).get("state") == "paused"], 10)
        publish(broker, "playhead/p0/command", "status", "test/replies/p0", "corr-status-2")
        r = wait_until("the reply to status", lambda: reply(monitor, "test/replies/p0", "corr-status-2", since), 10)
        if json.loads(r["payload"]).get("reply", {}).get("state") != "paused":
            fail(f"status answered {r['payload']}")
        publish(broker, "playhead/p0/command", "play")
        r = wait_until("the reply to play on p0/reply", lambda: monitor.messages("playhead/p0/reply", since), 10)
        publish(broker, "playhead/p0/command", "frobnicate\nquit", "test/replies/p0", "corr-bad-3")
        r = wait_until("the reply to two lines", lambda: reply(monitor, "test/replies/p0", "corr-bad-3", since), 10)
        if json.loads(r["payload"]).get("ok") is not False:
            fail(f"two lines in one message were taken: {r['payload']}")
        publish(broker, "playhead/p0/command", "a" * 5000, "test/replies/p0", "corr-big-4")
        r = wait_until("the reply to 5000 bytes", lambda: reply(monitor, "test/replies/p0", "corr-big-4", since), 10)
        if "over 4096 bytes" not in r["payload"]:
            fail(f"a 5000-byte command was not refused for its size: {r['payload'][:200]}")
        say("pause, status, play, two lines and 5000 bytes answered (response topic, correlation data, reply topic); "
            "the paused event and status seen")
        check_update(broker, monitor, out)

        # The broker killed mid-play and started again: playback never pauses.
        control_socket.ask(f"{out}/p0.sock", "status", retry_seconds=5)
        samples = []
        def sample():
            s = control_socket.ask(f"{out}/p0.sock", "status")["reply"]
            samples.append((time.monotonic(), s["state"], s["time"]))
        sample()
        dropped_before = pictures_dropped(f"{out}/p0.sock")
        broker.kill()
        monitor.stop()
        killed = time.monotonic()
        while time.monotonic() - killed < 3:
            time.sleep(0.25)
            sample()
        broker.start()
        monitor = Monitor(broker)
        restarted = time.monotonic()
        wait_until("p0 back online after the broker's restart", lambda: online(monitor, "p0", "true"), 15)
        back = time.monotonic() - restarted
        sample()
        for (t0, s0, p0time), (t1, s1, p1time) in zip(samples, samples[1:]):
            if s1 != "playing" or not (p1time > p0time or (p1time < 1 and p0time > 25)):
                fail(f"playback stalled while the broker was away: {samples}")
        dropped_killed = pictures_dropped(f"{out}/p0.sock")
        say(f"broker SIGKILLed, started again 3 s later: p0 back online {back:.1f} s after; "
            f"position {samples[0][2]:.1f} -> {samples[-1][2]:.1f} s over {samples[-1][0] - samples[0][0]:.1f} s, playing throughout")

        # The last will: p0 silent longer than 1.5 keep-alives.
        p0.send_signal(signal.SIGSTOP)
        stopped = time.monotonic()
        wait_until("the last will (online false)", lambda: online(monitor, "p0", "false", stopped), KEEPALIVE * 1.5 + 10)
        will = time.monotonic() - stopped
        p0.send_signal(signal.SIGCONT)
        resumed = time.monotonic()
        wait_until("p0 online again after SIGCONT", lambda: online(monitor, "p0", "true", resumed), 15)
        say(f"last will: online false {will:.1f} s after SIGSTOP (keep-alive {KEEPALIVE} s); "
            f"online true {time.monotonic() - resumed:.1f} s after SIGCONT")

        # A broker that stops answering (SIGSTOP: connections stay open, nothing is read): playback
        # goes on, the console's `mqtt` answers at once, the link is given up when the broker's
        # keep-alive answers stop coming, and the events made meanwhile fill the bounded queue:
        # the oldest are dropped and counted, never waited for. After SIGCONT, back online.
        samples.clear()
        dropped_before_stop = pictures_dropped(f"{out}/p0.sock")
        broker.proc.send_signal(signal.SIGSTOP)
        stalled = time.monotonic()
        slowest = 0.0
        def mqtt_report():
            nonlocal slowest
            asked = time.monotonic()
            r = control_socket.ask(f"{out}/p0.sock", "mqtt")["reply"]
            slowest = max(slowest, time.monotonic() - asked)
            return r
        while mqtt_report()["state"] == "connected":
            if time.monotonic() - stalled > KEEPALIVE * 4:
                fail(f"p0 still says connected {KEEPALIVE * 4} s after the broker stopped answering")
            time.sleep(0.25)
            sample()
        lost = time.monotonic() - stalled
        # The broker's fault alone: the rate changes that follow are the test's own doing, and a
        # rate change may drop a picture whatever the broker does.
        dropped_at_lost = pictures_dropped(f"{out}/p0.sock")
        before = mqtt_report()
        # Events reach the MQTT session at most 20 a second (the budget every event follower
        # has), so the queue fills in about 13 s of a rate change every 40 ms.
        most_queued = 0
        flood_started = time.monotonic()
        for i in range(EVENT_FLOOD):
            control_socket.ask(f"{out}/p0.sock", "rate 1.25" if i % 2 == 0 else "rate 1")
            time.sleep(max(0.0, flood_started + (i + 1) * 0.04 - time.monotonic()))
            if i % 10 == 0:
                sample()
                most_queued = max(most_queued, mqtt_report()["queued"])
        time.sleep(1)
        flooded = mqtt_report()
        most_queued = max(most_queued, flooded["queued"])
        if flooded["state"] == "connected":
            fail("p0 says connected again while the broker is still stopped")
        broker.proc.send_signal(signal.SIGCONT)
        resumed = time.monotonic()
        for (t0, s0, p0time), (t1, s1, p1time) in zip(samples, samples[1:]):
            if s1 != "playing" or not (p1time > p0time or (p1time < 1 and p0time > 25)):
                fail(f"playback stalled while the broker was stopped: {samples}")
        if slowest > 0.5:
            fail(f"`mqtt` took {slowest:.2f} s to answer while the broker was stopped")
        if most_queued > QUEUE_CAPACITY or flooded["dropped"] <= before["dropped"]:
            fail(f"{EVENT_FLOOD} rate changes with the broker away: at most {most_queued} queued, dropped "
                 f"{before['dropped']} -> {flooded['dropped']} (the queue holds {QUEUE_CAPACITY})")
        wait_until("p0 online after the broker's SIGCONT", lambda: online(monitor, "p0", "true", resumed), 30)
        say(f"broker SIGSTOPped: p0 gave the link up {lost:.1f} s after (keep-alive {KEEPALIVE} s); {EVENT_FLOOD} rate "
            f"changes in {EVENT_FLOOD * 0.04:.0f} s meanwhile: at most {most_queued} queued, {flooded['dropped'] - before['dropped']} dropped; "
            f"playing throughout ({len(samples)} samples), `mqtt` answered within {slowest:.2f} s; "
            f"p0 online again {time.monotonic() - resumed:.1f} s after SIGCONT")
        if dropped_killed != dropped_before or dropped_at_lost != dropped_before_stop:
            fail(f"p0 dropped pictures while the broker was away: {dropped_before} -> {dropped_killed} over the kill, "
                 f"{dropped_before_stop} -> {dropped_at_lost} from the SIGSTOP until the link was given up")
        say(f"p0 dropped no picture while the broker was killed ({dropped_killed} before and after) "
            f"or stopped until the link was given up ({dropped_at_lost})")

        # Ten players on one group topic.
        for i in range(GROUP_PLAYERS):
            players.append(start_player(playhead, media, out, f"g{i}", f"mqtt://127.0.0.1:{broker.port}",
                                        ["--mqtt-groups", "wall"], "black_480p.mp4"))
        wait_until("ten players online", lambda: all(online(monitor, f"g{i}", "true") for i in range(GROUP_PLAYERS)), 60)
        since = time.monotonic()
        publish(broker, "playhead/group/wall/command", "mqtt", "test/replies/wall", "corr-wall")
        def answers():
            got = {json.loads(m["payload"])["reply"]["prefix"] for m in monitor.messages("test/replies/wall", since)
                   if m["correlation"] == "corr-wall"}
            return got if len(got) == GROUP_PLAYERS else None
        got = wait_until("ten answers to one group message", answers, 15)
        say(f"one message on playhead/group/wall/command: {len(got)} players answered within "
            f"{max(m['at'] for m in monitor.messages('test/replies/wall', since)) - since:.2f} s")

        # What the MQTT thread cost p0 so far (status 4 times a second, events, the reconnects).
        ticks = os.sysconf("SC_CLK_TCK")
        for task in os.listdir(f"/proc/{p0.pid}/task"):
            with open(f"/proc/{p0.pid}/task/{task}/comm") as f:
                if f.read().strip() != "ph-mqtt":
                    continue
            with open(f"/proc/{p0.pid}/task/{task}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / ticks
            # A busy loop (libmosquitto 2.0.11's refused TLS socket) took 4.3 s here.
            if cpu > 1.0:
                fail(f"p0's ph-mqtt thread took {cpu:.2f} s of processor: a busy loop?")
            say(f"p0's ph-mqtt thread: {cpu:.2f} s of processor in {time.monotonic() - started:.0f} s")
        mqtt = control_socket.ask(f"{out}/p0.sock", "mqtt")["reply"]
        if mqtt["reconnects"] < 3 or mqtt["state"] != "connected":
            fail(f"`mqtt` does not count the reconnects: {mqtt}")
        say(f"`mqtt` on p0: {json.dumps(mqtt)}")
        with urllib.request.urlopen(f"http://127.0.0.1:{http}/metrics", timeout=10) as r:
            metrics = r.read().decode()
        if f"playhead_mqtt_reconnects_total {mqtt['reconnects']}" not in metrics or "playhead_mqtt_connected_state 1" not in metrics:
            fail("/metrics does not say the reconnects and the link up: "
                 + " ".join(l for l in metrics.splitlines() if "mqtt" in l and not l.startswith("#")))
        say("/metrics: " + ", ".join(l for l in metrics.splitlines() if "mqtt" in l and not l.startswith("#")))

        # A clean stop says offline itself.
        since = time.monotonic()
        p0.send_signal(signal.SIGTERM)
        p0.wait(timeout=10)
        wait_until("p0's own goodbye (online false)", lambda: online(monitor, "p0", "false", since), 5)
        say(f"SIGTERM: p0 said online false and ended in {time.monotonic() - since:.1f} s")
        say(f"PASS in {time.monotonic() - started:.0f} s")
    finally:
        for p in players:
            if p.poll() is None:
                p.send_signal(signal.SIGCONT)
                p.terminate()
        for p in players:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
        monitor.stop()
        if broker.proc and broker.proc.poll() is None:
            broker.proc.send_signal(signal.SIGCONT)
            broker.proc.terminate()
            broker.proc.wait(timeout=10)


if __name__ == "__main__":
    main()
