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
        #expect(seal.open(seal.seal(Self.message(4)), group: "lobby", now: 2) == nil)
        #expect(seal.open(seal.seal(Self.message(6)), group: "lobby", now: 3) != nil)
    }
}
