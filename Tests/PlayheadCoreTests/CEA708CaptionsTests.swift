import PlayheadCore
import Testing

/// DTVCC packets carried in cc_data triplets, put together and timed into cues: a packet over
/// several pictures, other services and 608's triplets beside it, a Delay, the end.
@Suite struct CEA708CaptionsTests {
    /// The triplets of one DTVCC packet holding one block of `bytes` for `service`.
    static func packet(service: Int, _ bytes: [UInt8], sequence: UInt8 = 0) -> [UInt8] {
        var p: [UInt8] = [0]
        if service < 7 {
            p.append(UInt8(service) << 5 | UInt8(bytes.count))
        } else {
            p += [7 << 5 | UInt8(bytes.count), UInt8(service)]
        }
        p += bytes
        if p.count % 2 == 1 { p.append(0) }
        p[0] = sequence << 6 | UInt8(p.count / 2)
        var triplets: [UInt8] = []
        for i in stride(from: 0, to: p.count, by: 2) {
            let head: UInt8 = i == 0 ? 0xff : 0xfe
            triplets += [head, p[i], p[i + 1]]
        }
        return triplets
    }

    static let hello = CEA708ServiceTests.define(1, visible: false) + CEA708ServiceTests.text("HELLO")

    @Test func aPacketSpreadOverPicturesIsPutTogether() {
        var a = DTVCCPacketAssembler()
        let t = Self.packet(service: 1, Self.hello)
        #expect(a.add(Array(t.prefix(6))).isEmpty)
        // 608's triplets and invalid ones between them are not the packet's.
        let done = a.add([0xfc, 0x94, 0x20, 0xfa, 0x00, 0x00] + t.dropFirst(6))
        #expect(done.count == 1)
        #expect(DTVCCPacketAssembler.serviceBlocks(of: done[0]).map { Array($0.bytes) } == [Self.hello])
    }

    @Test func aPacketCutShortByTheNextIsDropped() {
        var a = DTVCCPacketAssembler()
        let first = Self.packet(service: 1, Self.hello), second = Self.packet(service: 1, [0x89, 0x02], sequence: 1)
        #expect(a.add(Array(first.prefix(9)) + second).count == 1)
    }

    @Test func anExtendedServiceNumberIsRead() {
        var a = DTVCCPacketAssembler()
        let blocks = a.add(Self.packet(service: 12, [0x41])).flatMap { DTVCCPacketAssembler.serviceBlocks(of: $0) }
        #expect(blocks.map(\.service) == [12])
    }

    @Test func aCueLastsFromTheChangeThatShowsItToTheOneThatEndsIt() {
        var c = CEA708Captions(service: 1, wide: false)
        c.add(Self.packet(service: 1, Self.hello), atMilliseconds: 40)
        c.add(Self.packet(service: 2, [0x89, 0x02]), atMilliseconds: 200)  // another service's
        c.add(Self.packet(service: 1, [0x89, 0x02]), atMilliseconds: 480)
        c.add(Self.packet(service: 1, [0x8c, 0x02]), atMilliseconds: 2000)
        let cues = c.finish().cues
        #expect(cues.map(\.text) == ["HELLO"])
        #expect(cues.map(\.startMilliseconds) == [480])
        #expect(cues.map(\.endMilliseconds) == [2000])
    }

    @Test func twoWindowsShowTogetherAsTwoEventsWithTheirOwnReadOrder() {
        var c = CEA708Captions(service: 1, wide: false)
        let two = CEA708ServiceTests.define(0, visible: true) + [0x41] + CEA708ServiceTests.define(1, visible: true) + [0x42]
        c.add(Self.packet(service: 1, two), atMilliseconds: 100)
        c.add(Self.packet(service: 1, [0x8c, 0x03]), atMilliseconds: 900)
        let cues = c.finish().cues
        #expect(cues.map(\.text).sorted() == ["A", "B"])
        #expect(cues.allSatisfy { $0.startMilliseconds == 100 && $0.endMilliseconds == 900 })
        #expect(Set(cues.map { $0.dialogue.prefix(2) }).count == 2, "libass keeps one event per read order")
    }

    @Test func aDelayPutsWhatFollowsLaterUntilCancelled() {
        var c = CEA708Captions(service: 1, wide: false)
        // Delay 1.5 s, then the caption is made and shown: it shows at 1,500 ms after.
        c.add(Self.packet(service: 1, [0x8d, 15] + Self.hello + [0x89, 0x02]), atMilliseconds: 1000)
        c.add(Self.packet(service: 1, [0x8e, 0x8c, 0x02]), atMilliseconds: 3000)
        let cues = c.finish().cues
        #expect(cues.map(\.startMilliseconds) == [2500])
        #expect(cues.map(\.endMilliseconds) == [3000])
    }

    @Test func whatStillShowsAtTheEndKeepsTheLastCuesTime() {
        var c = CEA708Captions(service: 1, wide: false)
        c.add(Self.packet(service: 1, CEA708ServiceTests.define(0, visible: true) + [0x41]), atMilliseconds: 100)
        #expect(c.takeClosed().isEmpty)
        #expect(c.finish().cues.map(\.endMilliseconds) == [100 + SubtitleCueCollector.lastCueMilliseconds])
    }

    @Test func theKindsOfCaptionsAreToldApartAndNumbered() {
        var kinds = CaptionKinds(videoStream: 1)
        kinds.look(at: [0xfc, 0x80, 0x80, 0xf8, 0x94, 0x20])  // 608 padding, an invalid triplet
        #expect(kinds.isEmpty)
        kinds.look(at: Self.packet(service: 2, [0x41]) + Self.packet(service: 1, [0x41], sequence: 1))
        #expect(kinds.options.map(\.title) == ["CS1", "CS2"])
        kinds.look(at: [0xfc, 0x94, 0x20])
        #expect(kinds.options.map(\.trackID) == [2001, 3065, 3066])
        #expect(CaptionKinds.source(ofTrack: 3066)?.videoStream == 1 && CaptionKinds.source(ofTrack: 3066)?.service == 2)
        #expect(CaptionKinds.source(ofTrack: 2001)?.service == nil && CaptionKinds.source(ofTrack: 2001)?.videoStream == 1)
        #expect(CaptionKinds.source(ofTrack: 1000) == nil)
    }
}
