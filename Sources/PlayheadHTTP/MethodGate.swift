import Hummingbird

/// A known path asked with a method it does not take answers 405 with the methods it does
/// (`Allow`), as HTTP says, not 404 as if the path were not there.
struct MethodGate: RouterMiddleware {
    typealias Context = PeerContext

    static let allowed: [(path: String, prefix: Bool, methods: Set<HTTPRequest.Method>)] = [
        ("/", false, [.get, .head]), ("/openapi.json", false, [.get, .head]), ("/metrics", false, [.get, .head]),
        ("/api/status", false, [.get, .head]), ("/api/queue", false, [.get, .head]), ("/api/log", false, [.get, .head]),
        ("/api/events", false, [.get]), ("/api/screenshot", false, [.get, .head]), ("/api/command", false, [.post]),
        ("/api/login", false, [.post]), ("/api/logout", false, [.post]), ("/api/media/", true, [.put]),
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard let entry = Self.allowed.first(where: { $0.prefix ? path.hasPrefix($0.path) : path == $0.path }),
              !entry.methods.contains(request.method) else {
            return try await next(request, context)
        }
        var response = AccessGate.refusal(.methodNotAllowed, "\(path) does not take \(request.method.rawValue)")
        response.headers[.allow] = entry.methods.map(\.rawValue).sorted().joined(separator: ", ")
        return response
    }
}
