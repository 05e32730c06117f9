import PlayheadCore
@testable import PlayheadHTTP
import PlayheadTestSupport
import Testing

/// Who gets in: the token as a bearer header or the login's cookie, nobody without it, and a
/// guesser slowed down. Each on a live server on loopback.
@Suite struct APIAccessTests {
    @Test func everyAPIPathRefusesARequestWithoutTheToken() async throws {
        let remote = FakeRemote()
        try await LiveServer.run(remote) { client, _ in
            for (path, method) in [("/api/status", "GET"), ("/api/command", "POST"), ("/api/queue", "GET"),
                                   ("/api/log", "GET"), ("/api/events", "GET"), ("/api/screenshot", "GET"), ("/metrics", "GET"),
                                   ("/api/media/a.mp4", "PUT"), ("/api/logout", "POST")] {
                let r = try await client.send(path, method, headers: [], body: "pause")
                #expect(r.status == 401, "\(path)")
                #expect(r.header("WWW-Authenticate") == "Bearer realm=\"playhead\"")
                #expect(r.text.hasPrefix(#"{"ok":false,"error":"this needs the API token"#))
            }
            #expect(remote.state.withLock { $0.lines }.isEmpty)
            // The page's shell and the API's description are open: they hold nothing of the board.
            #expect(try await client.send("/", headers: []).status == 200)
            #expect(try await client.send("/openapi.json", headers: []).status == 200)
        }
    }

    @Test func aBearerTokenIsLetIn() async throws {
        try await LiveServer.run(FakeRemote()) { client, _ in
            let r = try await client.send("/api/status")
            #expect(r.status == 200)
            #expect(r.text.contains(#""state":"playing""#))
            let wrong = try await client.send("/api/status", headers: [("Authorization", "Bearer abcdefghijklmnop1235")])
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("wrong API token"))
        }
    }

    @Test func theLoginSetsAnHttpOnlySameSiteCookieThatLetsThePageIn() async throws {
        try await LiveServer.run(FakeRemote()) { client, _ in
            let refused = try await client.send("/api/login", "POST", headers: [], body: "not-the-token-at-all")
            #expect(refused.status == 401)
            #expect(refused.header("Set-Cookie") == nil)
            let login = try await client.send("/api/login", "POST", headers: [], body: LiveServer.token + "\n")
            #expect(login.status == 200)
            let cookie = try #require(login.header("Set-Cookie"))
            #expect(cookie.contains("playhead-token=\(LiveServer.token)"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            let withCookie = try await client.send("/api/status", headers: [("Cookie", "playhead-token=\(LiveServer.token)")])
            #expect(withCookie.status == 200)
            let logout = try await client.send("/api/logout", "POST", headers: [("Cookie", "playhead-token=\(LiveServer.token)")])
            #expect(logout.header("Set-Cookie")?.contains("Max-Age=0") == true)
        }
    }

    @Test func aGuesserIsMadeToWaitAndToldHowLong() async throws {
        try await LiveServer.run(FakeRemote()) { client, _ in
            for _ in 1...5 {
                #expect(try await client.send("/api/status", headers: [("Authorization", "Bearer guess-guess-guess-1")]).status == 401)
            }
            // The sixth wrong try earns a lockout; during it even the right token waits.
            #expect(try await client.send("/api/status", headers: [("Authorization", "Bearer guess-guess-guess-1")]).status == 401)
            let locked = try await client.send("/api/status")
            #expect(locked.status == 429)
            #expect(locked.header("Retry-After") == "1")
            let login = try await client.send("/api/login", "POST", headers: [], body: LiveServer.token)
            #expect(login.status == 429)
        }
    }

    @Test func metricsAreOpenOnlyWhenAnOptionSaysSo() async throws {
        try await LiveServer.run(FakeRemote(), ["--http-metrics-open"]) { client, _ in
            let r = try await client.send("/metrics", headers: [])
            #expect(r.status == 200)
            #expect(try await client.send("/api/status", headers: []).status == 401)
        }
    }

    @Test func aMissingOrShortTokenFileKeepsTheAPIOffWithTheReason() throws {
        let folder = TemporaryDirectory()
        let settings = LiveServer.settings(folder)
        guard case .failure(let missing) = APIServer.make(settings: settings, remote: FakeRemote()) else {
            Issue.record("a server was made without a token file")
            return
        }
        #expect(missing.message.contains("token file \(folder.file("token")) is missing"))
        try LiveServer.writeFile(folder.file("token"), "short\n")
        guard case .failure(let short) = APIServer.make(settings: settings, remote: FakeRemote()) else {
            Issue.record("a server was made with a 5-character token")
            return
        }
        #expect(short.message.contains("is 5 characters; use 16 or more"))
        let off = Settings(catalog: OptionCatalog([HTTPOptions.declarations]))
        guard case .success(nil) = APIServer.make(settings: off, remote: FakeRemote()) else {
            Issue.record("the API started without --http-listen")
            return
        }
    }
}
