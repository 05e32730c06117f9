import Foundation
import Testing
import PlayheadALSA
import PlayheadCore
import Synchronization

/// The monitor on a stand-in /dev/snd (a temporary folder, watched by the real inotify) and a
/// stand-in card list.
@Suite(.timeLimit(.minutes(1))) struct ALSARouteMonitorTests {
    @Test func cardsPluggedAndUnpluggedAreReported() async throws {
        let dir = NSTemporaryDirectory() + "playhead-snd-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let loopback = " 0 [Loopback       ]: Loopback - Loopback\n                      Loopback 1\n"
        let dummy = " 1 [Dummy          ]: Dummy - Dummy\n                      Dummy 1\n"
        let cards = Mutex(loopback)
        let monitor = ALSARouteMonitor(directory: dir, cardList: { cards.withLock { $0 } })
        #expect(monitor.availableRoutes().map(\.card) == ["Loopback"])
        let seen = Mutex<[AudioDeviceEvent]>([])
        monitor.start { e in seen.withLock { $0.append(e) } }
        defer { monitor.stop() }
        try await Task.sleep(for: .milliseconds(50))

        cards.withLock { $0 = loopback + dummy }
        #expect(FileManager.default.createFile(atPath: dir + "/controlC1", contents: nil))
        #expect(await waitFor { seen.withLock { $0.count } == 1 })
        guard case .appeared(let route)? = seen.withLock({ $0.first }) else { Issue.record("no appeared event"); return }
        #expect(route.card == "Dummy" && route.device == "plughw:CARD=Dummy,DEV=0")

        cards.withLock { $0 = loopback }
        try FileManager.default.removeItem(atPath: dir + "/controlC1")
        #expect(await waitFor { seen.withLock { $0.count } == 2 })
        #expect(seen.withLock { $0.last } == .disappeared(card: "Dummy"))
        #expect(monitor.availableRoutes().map(\.card) == ["Loopback"])
        // Files that are not control nodes (a PCM node) change nothing.
        #expect(FileManager.default.createFile(atPath: dir + "/pcmC0D0p", contents: nil))
        try await Task.sleep(for: .milliseconds(300))
        #expect(seen.withLock { $0.count } == 2)
    }

    @Test func aDeviceLostUnderTheSinkIsADisappearance() {
        let monitor = ALSARouteMonitor(directory: "/nonexistent", cardList: { " 0 [Loopback       ]: Loopback - Loopback\n" })
        let seen = Mutex<[AudioDeviceEvent]>([])
        monitor.start { e in seen.withLock { $0.append(e) } }
        defer { monitor.stop() }
        monitor.report(lostDevice: "hw:Loopback,0,0")
        #expect(seen.withLock { $0 } == [.disappeared(card: "Loopback")])
        #expect(monitor.availableRoutes().isEmpty)
    }

    func waitFor(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<300 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
