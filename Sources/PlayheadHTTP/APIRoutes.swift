import Hummingbird
import PlayheadCore

/// The API's endpoints; each reaches the appliance only through `RemoteControl`.
struct APIRoutes {
    let remote: any RemoteControl
    let gate: AccessGate
    let metrics = MetricsExporter()
    let secureCookie: Bool

    func add(to router: Router<PeerContext>) {
        router.get("/") { _, _ in Self.body(ControlPage.html, type: "text/html; charset=utf-8") }
        router.get("/openapi.json") { _, _ in Self.body(OpenAPIDocument.json, type: "application/json") }
        router.post("/api/login") { request, context in try await login(request, context) }
        router.post("/api/logout") { _, _ in
            var response = Self.json(Reply.done.rendered(as: .json))
            response.setCookie(Cookie(name: AccessGate.cookieName, value: "", maxAge: 0, path: "/", secure: secureCookie,
                                      httpOnly: true, sameSite: .strict))
            return response
        }
        router.get("/api/status") { _, _ in Self.json(remote.statusJSON()) }
        router.post("/api/command") { request, context in try await command(request, context) }
        router.get("/api/queue") { _, _ in Self.json(remote.command("queue")) }
        router.get("/api/log") { request, _ in
            let asked = request.uri.queryParameters.getAll("lines")
            guard asked.count <= 1 else { return AccessGate.refusal(.badRequest, "give lines once") }
            let lines = asked.first.map { Int(String($0)) } ?? 50
            guard let lines, (1...200).contains(lines) else {
                return AccessGate.refusal(.badRequest, "lines is a number from 1 to 200")
            }
            return Self.json("[" + remote.logTail(lines).map(ReplyValue.quoted).joined(separator: ",") + "]")
        }
        router.get("/api/screenshot") { _, _ in
            switch await remote.screenshot() {
            case .success(let png):
                var headers = HTTPFields()
                headers[.contentType] = "image/png"
                headers[.cacheControl] = "no-store"
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
            // The appliance's set-up or state, not a fault of the server: no display, nothing shown yet.
            case .failure(let e): return AccessGate.refusal(.conflict, e.message)
            }
        }
        router.get("/metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: metrics.render(remote.metrics()))))
        }
    }

    /// The token in the body (the page's form), checked as a bearer header is; a good one
    /// becomes an HttpOnly, same-site cookie so the page's script never holds it.
    func login(_ request: Request, _ context: PeerContext) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: 4096) } catch {
            return AccessGate.refusal(.contentTooLarge, "a token is at most 4096 bytes")
        }
        let token = String(buffer: body).trimmingCharacters(in: "\n").trimmingCharacters(in: " ")
        switch gate.check(Array(token.utf8), peer: context.peer) {
        case .refused(let response): return response
        case .allowed:
            var response = Self.json(Reply.done.rendered(as: .json))
            response.setCookie(Cookie(name: AccessGate.cookieName, value: token, path: "/", secure: secureCookie,
                                      httpOnly: true, sameSite: .strict))
            return response
        }
    }

    /// One console line in the body, answered as the control socket answers it.
    func command(_ request: Request, _ context: PeerContext) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: 16_384) } catch {
            return AccessGate.refusal(.contentTooLarge, "a command is one line of at most 4096 characters")
        }
        var line = String(buffer: body)
        if line.hasSuffix("\n") { line.removeLast() }
        guard line.count <= 4096 else { return AccessGate.refusal(.contentTooLarge, "a command is one line of at most 4096 characters") }
        guard !line.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            return AccessGate.refusal(.badRequest, "send one command line per request")
        }
        guard line.contains(where: { !$0.isWhitespace }) else { return AccessGate.refusal(.badRequest, "the command line is empty; `help` lists the commands") }
        return Self.json(remote.command(line))
    }

    static func json(_ text: String) -> Response { body(text + "\n", type: "application/json") }

    static func body(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
