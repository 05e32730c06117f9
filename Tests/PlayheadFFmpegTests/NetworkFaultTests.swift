import Foundation
import Playhead
import PlayheadFFmpeg
import PlayheadSys
import PlayheadTestSupport
import Testing

/// Real HTTP faults from a loopback server (see FaultHTTPServer), played on the real clock
/// with null outputs, reconnects on and restarts allowed: each fault ends in recovery or in a
/// move to the next item within a bound, never a hang, and the counts agree. Real time is
/// what these are about (FFmpeg's network timeouts, a server that hangs or trickles): the
/// tests wait for the player's events, each bounded.
@Suite(.timeLimit(.minutes(2))) struct NetworkFaultTests {
    static let media = FFmpegPlaybackTests.media
    static let restart = RestartPolicy.Settings(attempts: 2, firstDelayMs: 300, maxDelayMs: 2000)


    final class Run: Sendable {
        let player: QueuePlayer
        let events = SharedValue<[PlayerEvent]>([])
        let started = MonotonicClock().now().nanoseconds

        init(_ urls: [String], restart: RestartPolicy.Settings = NetworkFaultTests.restart, timeoutSeconds: Int64 = 2) {
            var options = SourceOptions(networkTimeoutNanoseconds: timeoutSeconds * 1_000_000_000, reconnectDelayMaxSeconds: 1)
            options.decodeThreads = 1
            var env = PlaybackEnvironment.headless(backend: FFmpegBackend(), options: options)
            env.restart = restart
            env.stallLimitNanoseconds = 3_000_000_000
            player = QueuePlayer(environment: env, items: [])
            let events = self.events
            player.onEvent = { e in events.update { $0.append(e) } }
            player.insertAll(urls.map { PlayerItem(asset: Asset(url: $0, backend: FFmpegBackend())) })
            player.play()
        }

        /// Waits for the event that ends the queue; false after `seconds`.
        func finish(within seconds: Double) async -> Bool {
            await events.wait(within: .seconds(seconds)) { Self.ended($0) }
        }

        static func ended(_ events: [PlayerEvent]) -> Bool {
            events.contains { if case .currentItemChanged = $0.kind { return $0.item == nil }; return false }
        }
        var took: Double { Double(MonotonicClock().now().nanoseconds - started) / 1e9 }
        func count(_ name: String, _ url: String) -> Int { events.get.filter { $0.name == name && $0.item?.asset.url == url }.count }
        var restarts: Int { events.get.filter { $0.name == "itemRestarting" }.count }
        deinit { player.shutdown() }
    }

    func check(_ mode: String, file: String = "h264_aac.mp4", recovers: Bool?, bound: Double = 40) async throws {
        let server = try #require(await FaultHTTPServer.start(root: Self.media))
        let url = server.url(mode, file), local = "\(Self.media)/h264_aac.mp4"
        let run = Run([url, local])
        #expect(await run.finish(within: bound), "\(mode): the queue did not end within \(bound) s")
        server.stop()
        let played = run.count("didPlayToEndTime", url), failed = run.count("failedToPlayToEndTime", url)
        print("network fault \(mode): played \(played), failed \(failed), restarts \(run.restarts), \(String(format: "%.1f", run.took)) s")
        // Exactly one ending for the faulty item, and the next item plays whatever happened.
        #expect(played + failed == 1, "\(mode): played \(played), failed \(failed)")
        #expect(run.count("didPlayToEndTime", local) == 1, "\(mode): the next item did not play")
        #expect(run.player.statistics.restarts == run.restarts)
        if recovers == true { #expect(played == 1, "\(mode) did not recover") }
        if recovers == false {
            #expect(failed == 1, "\(mode) did not fail")
            #expect(run.restarts == Self.restart.attempts, "\(mode): \(run.restarts) restarts, not \(Self.restart.attempts)")
        }
    }

    @Test func aHealthyServerPlays() async throws { try await check("ok", recovers: true) }
    @Test func aConnectionDroppedMidBodyRecovers() async throws { try await check("drop", recovers: true) }
    @Test func aServerThatHangsMidBodyRecovers() async throws { try await check("stall", recovers: true) }
    @Test func aSlowTrickleStillPlays() async throws { try await check("trickle", recovers: true) }
    @Test func answers503ThenWholeRecover() async throws { try await check("flaky", recovers: true) }
    @Test func a500IsTriedAgainThenSkipped() async throws { try await check("e500", recovers: false) }
    @Test func a404IsTriedAgainThenSkipped() async throws { try await check("e404", recovers: false) }
    // Half the file and then nothing, on every try: whether FFmpeg calls that an error or an
    // early end, the item ends once and the queue goes on.
    @Test func aBodyTruncatedOnEveryTryEnds() async throws { try await check("truncate", recovers: nil) }
    @Test func anHLSStreamWhoseSegmentsDisappearEnds() async throws { try await check("gone", file: "hls/index.m3u8", recovers: nil) }

    @Test func aServerThatDiesAndComesBackIsPlayedWhenItIsBack() async throws {
        let first = try #require(await FaultHTTPServer.start(root: Self.media))
        let port = first.port
        // Gone for good before the player tries: its port is free for the second.
        await first.stopAndWait()
        let url = "http://127.0.0.1:\(port)/ok/h264_aac.mp4", local = "\(Self.media)/h264_aac.mp4"
        // Tries about every 1 to 2 s for 20 s: the server is back once the first try has
        // failed. The opens get a longer timeout than the other cases, as the whole suite
        // loads the machine meanwhile.
        let run = Run([url, local], restart: RestartPolicy.Settings(attempts: 10, firstDelayMs: 1000, maxDelayMs: 2000),
                      timeoutSeconds: 8)
        #expect(await run.events.wait { $0.contains { $0.name == "itemRestarting" } })
        let second = try #require(await FaultHTTPServer.start(root: Self.media, port: port))
        #expect(await run.finish(within: 40))
        second.stop()
        print("network fault server back after a failed try: restarts \(run.restarts), \(String(format: "%.1f", run.took)) s")
        #expect(run.count("didPlayToEndTime", url) == 1)
        #expect(run.restarts >= 1)
    }
}
