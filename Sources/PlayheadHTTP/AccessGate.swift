import Hummingbird
import PlayheadCore
import Synchronization

/// Every request but the page's own shell and the API's description needs the token: as a
/// bearer header (scripts, monitoring) or the cookie the page's login set. Wrong tokens count
/// against the peer's address (LoginThrottle); a peer over its allowance waits, told how long.
struct AccessGate: RouterMiddleware {
    typealias Context = PeerContext
    static let cookieName = "playhead-token"

    let token: [UInt8]
    let throttle: SharedThrottle
    /// Paths answered without the token.
    let openPaths: Set<String>
    let now: @Sendable () -> Int64

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if openPaths.contains(request.uri.path) { return try await next(request, context) }
        guard let presented = Self.presented(request) else {
            return Self.refusal(.unauthorized, "this needs the API token: send `Authorization: Bearer TOKEN` or log in on the page")
        }
        switch check(Array(presented.utf8), peer: context.peer) {
        case .allowed: return try await next(request, context)
        case .refused(let response): return response
        }
    }

    enum Outcome { case allowed, refused(Response) }

    /// One attempt with a presented token: throttled, compared in constant time, counted.
    func check(_ presented: [UInt8], peer: String) -> Outcome {
        let t = now()
        if let wait = throttle.state.withLock({ $0.wait(for: peer, now: t) }) {
            let seconds = (wait + 999_999_999) / 1_000_000_000
            var response = Self.refusal(.tooManyRequests, "too many wrong tokens from \(peer); try again in \(seconds) s")
            response.headers[.retryAfter] = String(seconds)
            return .refused(response)
        }
        if TokenMatch.matches(presented, token) {
            throttle.state.withLock { $0.succeeded(peer) }
            return .allowed
        }
        throttle.state.withLock { $0.failed(peer, now: t) }
        return .refused(Self.refusal(.unauthorized, "wrong API token; it is in the file --http-token-file names"))
    }

    static func presented(_ request: Request) -> String? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst(7)).trimmingCharacters(in: " ")
        }
        return request.cookies[cookieName]?.value
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"playhead\"" }
        return Response(status: status, headers: headers,
                        body: .init(byteBuffer: ByteBuffer(string: Reply.error(message).rendered(as: .json) + "\n")))
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}

/// The one throttle every request shares.
final class SharedThrottle: Sendable {
    let state: Mutex<LoginThrottle>
    init(_ throttle: LoginThrottle) { state = Mutex(throttle) }
}
