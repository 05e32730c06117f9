import Foundation
import PlayheadTestSupport

/// Python's http.server behind TLS on a free loopback port, with a certificate for 127.0.0.1
/// made for the test by openssl (its own authority: trusted only by a test that names it).
final class TLSHTTPServer: Sendable {
    private let server: LoopbackScript
    /// The server's certificate, which is its own authority.
    let certificate: String
    var base: String { "https://127.0.0.1:\(server.port)" }

    private init(server: LoopbackScript, certificate: String) {
        self.server = server
        self.certificate = certificate
    }

    static func start(root: String, in folder: TemporaryDirectory) async -> TLSHTTPServer? {
        let cert = folder.file("server.pem"), key = folder.file("server.key")
        let made = await OwnThread.run("ph-test-openssl") { () -> Bool in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            p.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                           "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return false }
            p.waitUntilExit()
            return p.terminationStatus == 0
        }
        guard made else { return nil }
        let script = """
        import functools, http.server, ssl, sys
        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
        class Server(http.server.ThreadingHTTPServer):
            # A client that drops the connection (refusing the certificate, or done reading) is
            # the test's doing: no traceback for it in the test's output.
            def handle_error(self, request, client_address):
                if not isinstance(sys.exc_info()[1], OSError):
                    super().handle_error(request, client_address)
        server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
        guard let server = await LoopbackScript.start(script: script, arguments: [root, cert, key]) else { return nil }
        return TLSHTTPServer(server: server, certificate: cert)
    }

    func stop() { server.stop() }
}
