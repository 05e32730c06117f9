import PlayheadCore
import Testing

@Suite struct SyncSealTests {
    /// A stand-in keyed hash (the real one is libavutil's HMAC-SHA-256): what matters here is
    /// that another key gives another tag.
    static func mac(key: UInt8) -> @Sendable ([UInt8]) -> [UInt8] {
        { bytes in
            var h = [UInt8](repeating: key, count: 32)
            for (i, b) in bytes.enumerated() { h[i % 32] = h[i % 32] &* 31 &+ b &+ UInt8(truncatingIfNeeded: i) }
            return h
        }
    }

    static func message(_ sequence: UInt32, group: String = "lobby") -> SyncMessage {
        SyncMessage(sender: 42, sequence: sequence, group: group, body: .hello(role: .auto, leading: false))
    }

    @Test func theGroupsKeyOpensItsOwnSeal() {
        var seal = SyncSeal(mac: Self.mac(key: 1))
        #expect(seal.open(seal.seal(Self.message(1)), group: "lobby", now: 0) == Self.message(1))
        #expect(seal.refused == 0)
    }

    @Test func strangersAndOtherGroupsAreIgnored() {
        let stranger = SyncSeal(mac: Self.mac(key: 2))
        var seal = SyncSeal(mac: Self.mac(key: 1))
        #expect(seal.open(stranger.seal(Self.message(1)), group: "lobby", now: 0) == nil)
        #expect(seal.open(seal.seal(Self.message(2, group: "foyer")), group: "lobby", now: 0) == nil)
        var tampered = seal.seal(Self.message(3))
        tampered[10] ^= 1
        #expect(seal.open(tampered, group: "lobby", now: 0) == nil)
        #expect(seal.open([1, 2, 3], group: "lobby", now: 0) == nil)
        #expect(seal.refused == 4)
    }

    @Test func aPacketPlayedBackLaterIsIgnored() {
        var seal = SyncSeal(mac: Self.mac(key: 1))
        let first = seal.seal(Self.message(5))
        #expect(seal.open(first, group: "lobby", now: 0) != nil)
        #expect(seal.open(first, group: "lobby", now: 1) == nil)
        #expect(seal.open(seal.seal(Self.message(6)), group: "lobby", now: 3) != nil)
        #expect(seal.open(seal.seal(Self.message(6)), group: "lobby", now: 4) == nil)
    }

    /// A network that jitters hands datagrams over out of order: each number is taken once,
    /// however late within the window, and never when further back than it.
    @Test func aLateDatagramIsTakenOnceWithinTheWindow() {
        var seal = SyncSeal(mac: Self.mac(key: 1))
        let open = { (n: UInt32) in seal.open(seal.seal(Self.message(n)), group: "lobby", now: 0) != nil }
        #expect(open(100))
        #expect(open(102))
        #expect(open(101), "one a little late was refused")
        #expect(!open(101), "a late one was taken twice")
        #expect(open(100 + SyncSeal.window))
        #expect(open(103), "one 61 behind the highest, not seen before, was refused")
        #expect(!open(101), "a late one was taken twice at the window's far end")
        #expect(!open(100), "one further back than the window was taken")
        #expect(open(1000))
        #expect(!open(1000 - SyncSeal.window))
        #expect(seal.refused == 4)
    }
}
