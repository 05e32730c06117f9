import Foundation
import Playhead
@testable import PlayheadApp
import PlayheadSys
import PlayheadTestSupport
import Synchronization
import Testing

/// What the appliance tells its service manager, and safe mode.
@Suite(.timeLimit(.minutes(1))) struct ApplianceModesTests {
    static let media: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/build/media"
    }()

    final class Sent: Sendable {
        let messages = SharedValue<[String]>([])
        func send(_ m: String) { messages.update { $0.append(m) } }
        var all: [String] { messages.get }
    }

    @Test func watchdogPingsComeFromTheLoopAndStopWhenItStops() async throws {
        let sent = Sent()
        let player = QueuePlayer(environment: .headless(backend: FakeBackend()), items: [])
        let service = WatchdogService(send: { sent.send($0) }, intervalNanoseconds: 40_000_000, player: player)
        let task = Task { try await service.run() }
        // Three pings: the service paces them on the real clock, the loop answers on its thread.
        #expect(await sent.messages.wait { $0.count >= 3 })
        #expect(sent.all.allSatisfy { $0 == "WATCHDOG=1" }, "\(sent.all)")
        // The loop is gone (shutdown joins its thread): the asks go unanswered, so no more
        // pings, and the manager restarts us. Fifteen of the service's 20 ms periods of quiet:
        // on a loaded machine fewer may pass, which can only let a wrong ping go unseen.
        player.shutdown()
        let atStop = sent.all.count
        try await Task.sleep(for: .milliseconds(300))
        #expect(sent.all.count == atStop)
        task.cancel()
        _ = try? await task.value
    }

    @Test func readyIsSentOnceWhenTheFirstPictureIsOnScreen() {
        let sent = Sent()
        let link = ServiceManagerLink(notify: { sent.send($0) }, waitsForPicture: true, clock: { 8_123_456_789 })
        let item = PlayerItem(url: "a.mp4")
        #expect(!link.observe(PlayerEvent(.itemStatusChanged(.readyToPlay), item: item, time: .zero)))
        #expect(sent.all.isEmpty)
        #expect(link.observe(PlayerEvent(.readyForDisplay, item: item, time: .zero)))
        #expect(!link.observe(PlayerEvent(.readyForDisplay, item: item, time: .zero)))
        #expect(sent.all == ["READY=1\nSTATUS=playing"])
        #expect(ServiceManagerLink.seconds(8_123_456_789) == "8.123")
        #expect(ServiceManagerLink.seconds(12_004_000_000) == "12.004")
    }

    @Test func theBootsTimelineTakesTheFirstOpenAndTheFirstFrameOnly() {
        // Seconds since this machine's kernel started, as the real marks are.
        let base = ProcessStartTime.now()
        let now = Mutex(base + 5.0)
        let boot = BootTimeline(clock: { now.withLock { $0 } })
        let link = ServiceManagerLink(notify: nil, waitsForPicture: true, boot: boot)
        let item = PlayerItem(url: "a.mp4")
        link.observe(PlayerEvent(.itemStatusChanged(.readyToPlay), item: item, time: .zero))
        now.withLock { $0 = base + 6.5 }
        link.observe(PlayerEvent(.itemStatusChanged(.readyToPlay), item: item, time: .zero))
        link.observe(PlayerEvent(.readyForDisplay, item: item, time: .zero))
        now.withLock { $0 = base + 9.0 }
        link.observe(PlayerEvent(.readyForDisplay, item: item, time: .zero))
        let stages = boot.breakdown.stages
        #expect(stages.last?.mark == .firstFrame)
        #expect(stages.last?.seconds == 1.5)
        #expect(boot.breakdown.total == base + 6.5)
        // The kernel's own marks for this test process: it started after init did.
        #expect(stages.contains { $0.mark == .playheadStarted })
    }

    @Test func withoutAScreenTheFirstReadyItemIsEnough() {
        let sent = Sent()
        let link = ServiceManagerLink(notify: { sent.send($0) }, waitsForPicture: false)
        #expect(link.observe(PlayerEvent(.itemStatusChanged(.readyToPlay), item: PlayerItem(url: "a.wav"), time: .zero)))
        #expect(sent.all.count == 1)
    }

    /// An options file of its own, so the machine's /etc/playhead/playhead.conf plays no part.
    static func emptyConfig() throws -> String {
        let path = "/tmp/playhead-modes-\(UInt32.random(in: 0...UInt32.max)).conf"
        try FileOutput.write(Array("# empty\n".utf8), to: path)
        return path
    }

    @Test func safeModeIsOnlyOnWhenAReasonIsGiven() throws {
        let conf = try Self.emptyConfig()
        defer { FileOutput.remove(conf) }
        let (plain, _) = try Appliance.prepare(.init(arguments: ["a.mp4"], configPath: conf, ignoreBadConfig: false)).get()
        #expect(SafeMode(settings: plain) == nil)
        let (safe, _) = try Appliance.prepare(.init(arguments: ["--safe-mode", "5 crashes in 10 minutes", "a.mp4"],
                                                   configPath: conf, ignoreBadConfig: false)).get()
        let mode = try #require(SafeMode(settings: safe))
        #expect(mode.seconds == 600)
        #expect(mode.slate == "/usr/share/playhead/slate.mp4")
        #expect(mode.banner.hasPrefix("SAFE MODE: 5 crashes in 10 minutes. Only the slate plays"))
        #expect(Appliance.playlistLoader(items: ["a.mp4"], settings: safe, safeMode: mode).arguments == [mode.slate])
        #expect(Appliance.playlistLoader(items: ["a.mp4"], settings: plain, safeMode: nil).arguments == ["a.mp4"])
    }

    /// The file that made playhead fail is bad: safe mode still takes its screen and socket.
    @Test func safeModeKeepsTheGoodLinesOfABadFile() throws {
        let conf = "/tmp/playhead-modes-\(UInt32.random(in: 0...UInt32.max)).conf"
        try FileOutput.write(Array("video-output = drm\nvolume = loud\nsocket = /run/playhead/control.sock\n".utf8), to: conf)
        defer { FileOutput.remove(conf) }
        let (settings, _) = try Appliance.prepare(.init(arguments: ["--safe-mode", "crashes"], configPath: conf, ignoreBadConfig: true)).get()
        #expect(settings[AppOptions.videoOutput] == .drm)
        #expect(settings[AppOptions.socket] == "/run/playhead/control.sock")
        #expect(settings[PlayerOptions.volume] == 1)
        guard case .failure = Appliance.prepare(.init(arguments: [], configPath: conf, ignoreBadConfig: false)) else {
            Issue.record("a bad file was accepted outside safe mode")
            return
        }
    }

    /// Safe mode waits whatever happens to its items (the named one is missing) and leaves after
    /// its time with 0.
    @Test func safeModePlaysTheSlateAloneAndLeavesAfterItsTime() async throws {
        try #require(FileManager.default.fileExists(atPath: "\(Self.media)/slate.mp4"), "run `make media`")
        let conf = try Self.emptyConfig()
        defer { FileOutput.remove(conf) }
        let started = ContinuousClock.now
        let status = await Appliance.run(.init(arguments: [
            "--safe-mode", "test", "--safe-mode-seconds", "2", "--slate", "\(Self.media)/slate.mp4", "--console", "off",
            "--events", "none", "--syslog=no", "/nonexistent/item.mp4",
        ], configPath: conf, ignoreBadConfig: false))
        #expect(status == 0)
        // The slate is 2 s long: it went round at least once, and the timer ended the run.
        #expect(ContinuousClock.now - started >= .seconds(2))
    }
}

