import Foundation

/// An HTTP server on loopback that misbehaves on purpose, by the first part of the path
/// (`/MODE/FILE`), serving files of `root` with byte ranges:
/// - `ok`: as it should;
/// - `drop`: the first answer stops halfway and the connection closes; later ones are whole;
/// - `stall`: the first answer stops halfway and hangs; later ones are whole;
/// - `e500`, `e404`: that status, always;
/// - `trickle`: 32 KB every 100 ms;
/// - `truncate`: every answer stops at half the file and closes;
/// - `flaky`: the first two requests get 503, then whole answers;
/// - `gone`: HLS segments (`.ts`) are 404 from the second one on; the playlist is served.
/// Each process is bounded: it exits when the test process's pipe closes.
final class FaultHTTPServer: Sendable {
    private let server: LoopbackScript
    var port: Int { server.port }

    private init(server: LoopbackScript) { self.server = server }

    static func start(root: String, port wanted: Int = 0) async -> FaultHTTPServer? {
        let script = #"""
        import http.server, os, signal, socketserver, sys, threading, time
        root = sys.argv[1]
        counts = {}
        lock = threading.Lock()
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *a): pass
            def do_GET(self):
                parts = self.path.split("/", 2)
                mode, name = (parts[1], parts[2]) if len(parts) == 3 else ("ok", "")
                with lock:
                    counts[self.path] = counts.get(self.path, 0) + 1
                    n = counts[self.path]
                    segs = counts.setdefault(("segs", mode), [0])
                    if name.endswith(".ts"):
                        segs[0] += 1
                    seg_no = segs[0]
                if mode in ("e500", "e404") or (mode == "flaky" and n <= 2) or (mode == "gone" and name.endswith(".ts") and seg_no >= 2):
                    code = {"e500": 500, "flaky": 503}.get(mode, 404)
                    self.send_response(code)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                path = os.path.join(root, name)
                try:
                    data = open(path, "rb").read()
                except OSError:
                    self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers(); return
                start, end = 0, len(data) - 1
                rng = self.headers.get("Range")
                if rng and rng.startswith("bytes="):
                    a, _, b = rng[6:].partition("-")
                    start = int(a) if a else 0
                    end = int(b) if b else end
                if start >= len(data):
                    self.send_response(416); self.send_header("Content-Length", "0"); self.end_headers(); return
                body = data[start:end + 1]
                self.send_response(206 if rng else 200)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Accept-Ranges", "bytes")
                if rng:
                    self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
                self.end_headers()
                half = len(data) // 2
                if mode in ("drop", "stall") and n == 1:
                    self.wfile.write(body[: max(0, half - start)]); self.wfile.flush()
                    if mode == "stall":
                        time.sleep(120)
                    self.close_connection = True
                    return
                if mode == "truncate":
                    self.wfile.write(body[: max(0, half - start)]); self.wfile.flush()
                    self.close_connection = True
                    return
                if mode == "trickle":
                    for i in range(0, len(body), 32768):
                        self.wfile.write(body[i:i + 32768]); self.wfile.flush(); time.sleep(0.1)
                    return
                self.wfile.write(body)
        class Server(http.server.ThreadingHTTPServer):
            allow_reuse_address = True
            daemon_threads = True
        server = Server(("127.0.0.1", int(sys.argv[2])), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#
        guard let server = await LoopbackScript.start(script: script, arguments: [root, String(wanted)]) else { return nil }
        return FaultHTTPServer(server: server)
    }

    func url(_ mode: String, _ file: String) -> String { "http://127.0.0.1:\(port)/\(mode)/\(file)" }

    /// Ends the server without waiting for it.
    func stop() { server.stop() }

    /// Ends the server and waits until its port is free.
    func stopAndWait() async { await server.stopAndWait() }
}
