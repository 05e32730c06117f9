import Playhead
@testable import PlayheadApp
import PlayheadHTTP
import PlayheadSys
import PlayheadTestSupport
import ServiceLifecycle
import Testing

/// The HTTP API against the real command router (with a fake player): what a page or a script
/// does over HTTP is what the console does.
@Suite struct RemoteRouterTests {
    static let token = "0123456789abcdefXYZ"

    @Test(.timeLimit(.minutes(1))) func pauseOverHTTPPausesThePlayerAndStatusSaysSo() async throws {
        let folder = TemporaryDirectory()
        try AtomicFile.write(Self.token + "\n", to: folder.file("token"), mode: 0o600)
        try AtomicFile.write("synchronised=yes since=1764240000 source=ntp:10.0.2.2\n", to: folder.file("clock"))
        let player = FakePlayerControl()
        let catalog = AppOptions.catalog
        let options = try CommandLineOptions.parse(["--http-listen", "127.0.0.1:0", "--http-token-file", folder.file("token"),
                                                    "--clock-file", folder.file("clock")], catalog: catalog).get().0
        let settings = Settings(catalog: catalog, commandLine: options)
        let router = CommandRouter(player: player, playlist: Playlist([("a.mp4", nil), ("b.mp4", "Bee")]), settings: settings,
                                   hooks: RouterHooks(readOptionsFile: { .success(nil) }, setLogLevel: { _ in }, now: { 1 }, version: "t"))
        router.start()
        player.play()
        let tally = EventTally()
        let remote = RouterRemote(router: router, tally: tally, mediaFolder: nil, dataPath: nil)
        defer { remote.stop() }
        let (ports, portInput) = AsyncStream<Int>.makeStream()
        let server = try #require(try APIServer.make(settings: settings, remote: remote, onListening: { portInput.yield($0) }).get())
        let group = ServiceGroup(configuration: .init(services: [server], logger: .init(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let client = LoopbackHTTP(port: port)
            let auth = [("Authorization", "Bearer \(Self.token)")]
            #expect(!player.isPaused)
            let pause = try await client.send("/api/command", "POST", headers: auth, body: "pause")
            #expect(pause.status == 200)
            #expect(player.isPaused)
            let text = try await client.send("/api/status", headers: auth).text
            #expect(text.contains(#""state":"paused""#))
            #expect(text.contains(#""clock":{"synchronised":true,"since":"2025-11-27T10:40:00Z","source":"ntp:10.0.2.2"}"#))
            let queue = try await client.send("/api/queue", headers: auth)
            #expect(queue.text.contains(#""title":"Bee""#))
            let metrics = try await client.send("/metrics", headers: auth)
            #expect(metrics.text.contains("playhead_item_starts_total 0"))
            #expect(metrics.text.contains("playhead_screen_on_state 1"), "\(metrics.text)")
            await group.triggerGracefulShutdown()
        }
    }
}
