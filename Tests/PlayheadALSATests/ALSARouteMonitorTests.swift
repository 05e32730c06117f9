import Foundation
import Testing
import PlayheadALSA
import PlayheadCore
import PlayheadTestSupport
import Synchronization

/// The monitor on a stand-in /dev/snd (a temporary folder, watched by the real inotify) and a
/// stand-in card list. Its thread is real (inotify and the controls' descriptors are the
/// kernel's): each wait is for the events it reports, and "nothing more was reported" is
/// checked behind a later event the monitor must see after the change that should say nothing.
@Suite(.timeLimit(.minutes(1))) struct ALSARouteMonitorTests {
    static let loopback = " 0 [Loopback       ]: Loopback - Loopback\n                      Loopback 1\n"
    static let dummy = " 1 [Dummy          ]: Dummy - Dummy\n                      Dummy 1\n"
    static let pch = " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n"

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "playhead-snd-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func cardsPluggedAndUnpluggedAreReported() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cards = Mutex(Self.loopback)
        let monitor = ALSARouteMonitor(directory: dir, cardList: { cards.withLock { $0 } })
        #expect(monitor.availableRoutes().map(\.card) == ["Loopback"])
        let seen = SharedValue<[AudioDeviceEvent]>([])
        monitor.start { e in seen.update { $0.append(e) } }
        defer { monitor.stop() }
        // No wait: the watch is in place once start returns.
        cards.withLock { $0 = Self.loopback + Self.dummy }
        #expect(FileManager.default.createFile(atPath: dir + "/controlC1", contents: nil))
        #expect(await seen.wait { $0.count == 1 })
        guard case .appeared(let route)? = seen.get.first else { Issue.record("no appeared event"); return }
        #expect(route.card == "Dummy" && route.device == "plughw:CARD=Dummy,DEV=0")

        cards.withLock { $0 = Self.loopback }
        try FileManager.default.removeItem(atPath: dir + "/controlC1")
        #expect(await seen.wait { $0.count == 2 })
        #expect(seen.get.last == .disappeared(card: "Dummy"))
        #expect(monitor.availableRoutes().map(\.card) == ["Loopback"])
        // Files that are not control nodes (a PCM node) change nothing: the card plugged in
        // after it is the next thing reported (inotify keeps the order).
        #expect(FileManager.default.createFile(atPath: dir + "/pcmC0D0p", contents: nil))
        cards.withLock { $0 = Self.loopback + Self.dummy }
        #expect(FileManager.default.createFile(atPath: dir + "/controlC1", contents: nil))
        #expect(await seen.wait { $0.count >= 3 })
        #expect(seen.get.count == 3, "\(seen.get)")
        #expect(seen.get.last.map { if case .appeared(let r) = $0 { return r.card == "Dummy" }; return false } == true)
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
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let headphones = FakeCardControl(jacks: ["Headphone Jack": false])
        let cards = Mutex(Self.pch)
        let monitor = ALSARouteMonitor(directory: dir, cardList: { cards.withLock { $0 } },
                                       openControl: { $0 == "PCH" ? headphones : nil })
        let seen = SharedValue<[AudioDeviceEvent]>([])
        monitor.start { e in seen.update { $0.append(e) } }
        defer { monitor.stop() }
        // Nothing plugged in at start: the policy must know before anything plays there.
        #expect(await seen.wait { $0.count == 1 })
        #expect(seen.get.last == .jack(card: "PCH", control: "Headphone Jack", plugged: false))

        headphones.announce(jacks: ["Headphone Jack": true], CardControlChanges(jacks: true))
        #expect(await seen.wait { $0.count == 2 })
        #expect(seen.get.last == .jack(card: "PCH", control: "Headphone Jack", plugged: true))

        headphones.announce(CardControlChanges(eld: true))
        #expect(await seen.wait { $0.count == 3 })
        #expect(seen.get.last == .configurationChanged(card: "PCH"))

        // A value event that changes nothing the policy cares about says nothing: the ELD
        // change announced after it, on the same descriptor, is the next thing reported.
        headphones.announce(CardControlChanges(jacks: true))
        headphones.announce(CardControlChanges(eld: true))
        #expect(await seen.wait { $0.count >= 4 })
        #expect(seen.get.count == 4 && seen.get.last == .configurationChanged(card: "PCH"), "\(seen.get)")

        // A control device that hangs up (its card removed) reports nothing and breaks
        // nothing: a card plugged in after it is the next thing reported.
        headphones.unplug()
        cards.withLock { $0 = Self.pch + Self.dummy }
        #expect(FileManager.default.createFile(atPath: dir + "/controlC1", contents: nil))
        #expect(await seen.wait { $0.count >= 5 })
        #expect(seen.get.count == 5, "\(seen.get)")
        #expect(seen.get.last.map { if case .appeared(let r) = $0 { return r.card == "Dummy" }; return false } == true)
    }
}
