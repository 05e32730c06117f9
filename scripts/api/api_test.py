#!/usr/bin/env python3
"""The HTTP API on the host, against a real playhead (null outputs, the demo looping):
schemathesis checks every path against /openapi.json; headless Chromium (Debian's, through its
chromedriver) logs in on the control page, presses Pause, and the player pauses, as the API then
says; the page is saved at phone and desktop width into OUT for a person to look at; SIGTERM
then ends playhead within 5 s, with an events stream still open.

usage: api_test.py PLAYHEAD MEDIA OUT VENV"""
import http.client, json, os, signal, socket, subprocess, sys, time, urllib.request

import page_check

TOKEN = "api-test-token-0123456789"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fail(message):
    print(f"api-test: FAIL: {message}", flush=True)
    sys.exit(1)


def request(base, path, method="GET", body=None, token=TOKEN):
    req = urllib.request.Request(base + path, method=method, data=body.encode() if body is not None else None)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def start(playhead, media, out):
    os.makedirs(out + "/uploads", exist_ok=True)
    with open(out + "/token", "w") as f:
        f.write(TOKEN + "\n")
    os.chmod(out + "/token", 0o600)
    port = free_port()
    log = open(out + "/playhead.log", "w")
    proc = subprocess.Popen([playhead, "--http-listen", f"127.0.0.1:{port}", "--http-token-file", out + "/token",
                             "--http-upload-dir", out + "/uploads", "--at-end", "wait", "--console", "off",
                             "--loop", "yes", "--syslog", "no", "--clock-file", out + "/no-clock", media + "/demo.mp4"],
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if request(base, "/openapi.json", token=None)[0] == 200:
                return proc, base
        except OSError:
            pass
        if proc.poll() is not None:
            fail(f"playhead exited with {proc.returncode}; see {out}/playhead.log")
        time.sleep(0.05)
    fail("the API did not answer within 10 s")


def schemathesis(venv, base, out):
    # /api/events never ends by design: it is checked below, not by a tool that waits for a body.
    # The login goes last and alone: its wrong tokens lock this address out (the throttle), and
    # every later request would only be told to wait.
    for scope in (["--exclude-path", "/api/events", "--exclude-path", "/api/login"], ["--include-path", "/api/login"]):
        cmd = [venv + "/bin/schemathesis", "run", base + "/openapi.json", "-H", f"Authorization: Bearer {TOKEN}",
               "--checks", "all", "--max-examples", "40", "--request-timeout", "10", "--seed", "1",
               "--suppress-health-check", "all", "--no-color"] + scope
        print("api-test: " + " ".join(cmd), flush=True)
        r = subprocess.run(cmd, cwd=out, timeout=600, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(r.stdout, flush=True)
        if r.returncode != 0:
            fail("schemathesis found the server and /openapi.json disagree (above)")
        if "Rate limited" in r.stdout and "/api/login" not in scope:
            fail("schemathesis was mostly told to wait (429): the throttle counted its requests as wrong tokens")


def tls(playhead, media, out):
    """HTTPS with a certificate the test makes (openssl): the status answers to a client that
    trusts only that certificate, the login's cookie is Secure, plain HTTP gets nothing."""
    import ssl
    cert, key = out + "/cert.pem", out + "/key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port = free_port()
    log = open(out + "/playhead-tls.log", "w")
    proc = subprocess.Popen([playhead, "--http-listen", f"127.0.0.1:{port}", "--http-token-file", out + "/token",
                             "--http-certificate", cert, "--http-key", key, "--at-end", "wait", "--console", "off",
                             "--syslog", "no", "--clock-file", out + "/no-clock", media + "/demo.mp4"],
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        context = ssl.create_default_context(cafile=cert)
        base = f"https://127.0.0.1:{port}"
        for _ in range(200):
            try:
                req = urllib.request.Request(base + "/api/status", headers={"Authorization": f"Bearer {TOKEN}"})
                with urllib.request.urlopen(req, timeout=5, context=context) as r:
                    state = json.loads(r.read())["state"]
                break
            except (OSError, ssl.SSLError):
                if proc.poll() is not None:
                    fail(f"playhead with TLS exited with {proc.returncode}; see {out}/playhead-tls.log")
                time.sleep(0.05)
        else:
            fail("the HTTPS API did not answer within 10 s")
        req = urllib.request.Request(base + "/api/login", data=TOKEN.encode(), method="POST")
        with urllib.request.urlopen(req, timeout=5, context=context) as r:
            cookie = r.headers.get("Set-Cookie", "")
        if "Secure" not in cookie or "HttpOnly" not in cookie:
            fail(f"the login's cookie under HTTPS is {cookie!r}: not Secure and HttpOnly")
        try:
            request(f"http://127.0.0.1:{port}", "/api/status")
            fail("plain HTTP to the HTTPS port got an answer")
        except (OSError, http.client.HTTPException):
            pass
        print(f"api-test: HTTPS with a made certificate: status {state!r}, the cookie Secure, plain HTTP refused", flush=True)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


def stop(proc, base, out):
    # An open events stream must not hold the way out.
    events = socket.create_connection((base.split("//")[1].split(":")[0], int(base.rsplit(":", 1)[1])))
    events.sendall(f"GET /api/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\n\r\n".encode())
    if b"200 OK" not in events.recv(4096):
        fail("the events stream did not open")
    started = time.time()
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("playhead did not end within 5 s of SIGTERM with an events stream open")
    events.close()
    print(f"api-test: SIGTERM ended playhead in {time.time() - started:.2f} s with an events stream open", flush=True)


def main():
    playhead, media, out, venv = [os.path.abspath(a) for a in sys.argv[1:5]]
    os.makedirs(out, exist_ok=True)
    proc, base = start(playhead, media, out)
    try:
        code, _ = request(base, "/api/status", token=None)
        if code != 401:
            fail(f"/api/status without the token answered {code}, not 401")
        schemathesis(venv, base, out)
        page_check.drive(base, TOKEN, out)
        tls(playhead, media, out)
        stop(proc, base, out)
    finally:
        if proc.poll() is None:
            proc.kill()
    print("api-test: passed", flush=True)


if __name__ == "__main__":
    main()
