import PlayheadCore
import Testing

@Suite struct SyncMessageTests {
    static let timeline = SyncTimeline(entry: 2, entries: 5, name: "wall-left.mp4", itemTime: 12_345_678_900, groupTime: -7,
                                       rate: PlaybackRate(numerator: 1001, denominator: 1000), clock: .system)

    @Test func everyKindComesBackAsItWent() {
        let bodies: [SyncMessage.Body] = [.hello(role: .auto, leading: true), .hello(role: .follower, leading: false),
                                          .timeline(Self.timeline), .ping(to: 9, sent: 123), .pong(to: 9, sent: 123, received: -5, answered: .max)]
        for body in bodies {
            let m = SyncMessage(sender: 0xDEAD_BEEF_0102_0304, sequence: 77, group: "lobby", body: body)
            #expect(SyncMessage.decode(m.encoded()) == m)
        }
    }

    @Test func everyCutAndEveryExtraByteIsRefused() {
        let bytes = SyncMessage(sender: 1, sequence: 1, group: "lobby", body: .timeline(Self.timeline)).encoded()
        for n in 0..<bytes.count { #expect(SyncMessage.decode(Array(bytes.prefix(n))) == nil) }
        #expect(SyncMessage.decode(bytes + [0]) == nil)
    }

    @Test func hostileFieldsAreRefused() {
        var rng = SplitMix64(seed: 36)
        let good = SyncMessage(sender: 1, sequence: 1, group: "g", body: .timeline(Self.timeline)).encoded()
        // Random bytes changed: whatever decodes is a message that survives its own round trip
        // (a rate comes back in lowest terms), and nothing traps.
        for _ in 0..<5000 {
            var bad = good
            bad[Int(rng.next() % UInt64(bad.count))] = UInt8(truncatingIfNeeded: rng.next())
            if let m = SyncMessage.decode(bad) { #expect(SyncMessage.decode(m.encoded()) == m) }
        }
        var badRate = SyncTimeline(entry: 0, entries: 1, name: "a", itemTime: 0, groupTime: 0, rate: .normal, clock: .leader)
        badRate.entries = 0  // an entry past the playlist's end
        #expect(SyncMessage.decode(SyncMessage(sender: 1, sequence: 1, group: "g", body: .timeline(badRate)).encoded()) == nil)
        #expect(SyncMessage.decode(Array(repeating: 0x41, count: 1000)) == nil)
    }

    @Test func longTextIsCutOnACharacterBoundary() {
        let name = String(repeating: "é", count: 150)  // 300 bytes
        var t = Self.timeline
        t.name = name
        let m = SyncMessage.decode(SyncMessage(sender: 1, sequence: 1, group: "g", body: .timeline(t)).encoded())
        guard case .timeline(let back)? = m?.body else { return #expect(Bool(false)) }
        #expect(back.name == String(repeating: "é", count: 100))
    }

    @Test func theTimelineRunsAtItsRate() {
        let t = SyncTimeline(entry: 0, entries: 1, name: "a", itemTime: 1_000_000_000, groupTime: 50_000_000_000,
                             rate: PlaybackRate(numerator: 1, denominator: 2), clock: .leader)
        #expect(t.itemTime(atGroupTime: 52_000_000_000) == 2_000_000_000)
        #expect(t.itemTime(atGroupTime: 49_000_000_000) == 500_000_000)
        var paused = t
        paused.rate = .paused
        #expect(paused.itemTime(atGroupTime: 99_000_000_000) == 1_000_000_000)
    }
}
