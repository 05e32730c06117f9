import Foundation

/// Python's http.server on a free loopback port, serving a folder: real HTTP for the
/// network paths (HLS over HTTP, a server that goes away, one that hangs) without any outside
/// host.
final class StaticHTTPServer: Sendable {
    private let server: LoopbackScript
    var port: Int { server.port }

    private init(server: LoopbackScript) { self.server = server }

    /// With `stallAfter`, each response stops after that many bytes of the file and the
    /// connection stays open: a server that hangs mid-download.
    static func start(root: String, stallAfter: Int? = nil) async -> StaticHTTPServer? {
        let script = """
        import functools, http.server, os, shutil, signal, sys, threading
        stall = int(sys.argv[2])
        class Handler(http.server.SimpleHTTPRequestHandler):
            def copyfile(self, source, outputfile):
                if stall < 0:
                    return shutil.copyfileobj(source, outputfile)
                outputfile.write(source.read(stall))
                outputfile.flush()
                threading.Event().wait()
            def log_message(self, *args):
                pass
        handler = functools.partial(Handler, directory=sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
        guard let server = await LoopbackScript.start(script: script, arguments: [root, String(stallAfter ?? -1)]) else { return nil }
        return StaticHTTPServer(server: server)
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() { server.stop() }
}
