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
        // No wait: the watch is in place once start returns.
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

    @Test func jacksAndHDMISinkChangesAreReported() async throws {
        let headphones = FakeCardControl(jacks: ["Headphone Jack": false])
        let monitor = ALSARouteMonitor(directory: NSTemporaryDirectory(),
                                       cardList: { " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n" },
                                       openControl: { $0 == "PCH" ? headphones : nil })
        let seen = Mutex<[AudioDeviceEvent]>([])
        monitor.start { e in seen.withLock { $0.append(e) } }
        defer { monitor.stop() }
        // Nothing plugged in at start: the policy must know before anything plays there.
        #expect(await waitFor { seen.withLock { $0.count } == 1 })
        #expect(seen.withLock { $0.last } == .jack(card: "PCH", control: "Headphone Jack", plugged: false))

        headphones.announce(jacks: ["Headphone Jack": true], CardControlChanges(jacks: true))
        #expect(await waitFor { seen.withLock { $0.count } == 2 })
        #expect(seen.withLock { $0.last } == .jack(card: "PCH", control: "Headphone Jack", plugged: true))

        headphones.announce(CardControlChanges(eld: true))
        #expect(await waitFor { seen.withLock { $0.count } == 3 })
        #expect(seen.withLock { $0.last } == .configurationChanged(card: "PCH"))

        // A value event that changes nothing the policy cares about says nothing.
        headphones.announce(CardControlChanges(jacks: true))
        // A control device that hangs up (its card removed) reports nothing and breaks nothing.
        headphones.unplug()
        try await Task.sleep(for: .milliseconds(300))
        #expect(seen.withLock { $0.count } == 3)
    }

    func waitFor(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<300 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
