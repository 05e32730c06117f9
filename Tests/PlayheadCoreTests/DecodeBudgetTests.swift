import Testing
@testable import PlayheadCore

@Suite struct DecodeBudgetTests {
    private func capacity(_ text: String) -> DecodeCapacity {
        guard case .success(let c) = DecodeCapacity.parse(text) else { fatalError("\(text) did not parse") }
        return c
    }

    @Test func capacitiesReadWithTheirUnitsAndTheirErrorsNamed() {
        let c = capacity("h264=26M vp9=900k,*=20000000")
        #expect(c.limit(for: "H264") == 26e6)
        #expect(c.limit(for: "vp9") == 9e5)
        #expect(c.limit(for: "hevc") == 2e7)
        #expect(capacity("h264=1.5M").limit(for: "av1") == nil)
        #expect(DecodeCapacity.parse("h264") == .failure(SpecError("'h264' is not CODEC=PIXELS_PER_SECOND (h264=26M)")))
        #expect(DecodeCapacity.parse("h264=fast") == .failure(SpecError("h264: 'fast' is not a number of pixels per second (26M, 900K)")))
        #expect(DecodeCapacity.parse("h264=-3M") == .failure(SpecError("h264: '-3M' is not a number of pixels per second (26M, 900K)")))
        #expect(DecodeCapacity.parse(" ") == .failure(SpecError("give CODEC=PIXELS_PER_SECOND pairs (h264=26M vp9=9M)")))
        #expect(c.description == "*=20M h264=26M vp9=900K")
    }

    @Test func itemsThatFitPlayWholeTheNextIsKeyFramesOnlyThenRefused() {
        // 640x360 at 25 fps is 5.76 M pixels a second: 72 % of 8 M.
        var b = DecodeBudget(capacity: capacity("h264=8M"))
        #expect(b.admit(0, codec: "h264", size: PixelSize(width: 640, height: 360), framesPerSecond: 25) == .full)
        // 320x240 at 25: 1.92 M, 24 %: fits.
        #expect(b.admit(1, codec: "h264", size: PixelSize(width: 320, height: 240), framesPerSecond: 25) == .full)
        // Another: 24 % more does not fit in the 4 % left; its key frames (1 %) do.
        let third = b.admit(2, codec: "h264", size: PixelSize(width: 320, height: 240), framesPerSecond: 25)
        #expect(third == .keyFramesOnly("h264 320x240 at 25 fps needs 24% of what the board decodes (decode-capacity h264=8M), 4% is left; "
                                        + "its key frames only are shown"))
        // A 1080p item's key frames alone (26 %) do not fit in what is left.
        guard case .refused(let why) = b.admit(3, codec: "h264", size: PixelSize(width: 1920, height: 1080), framesPerSecond: 30) else {
            Issue.record("a 1080p item was not refused")
            return
        }
        #expect(why.hasSuffix("it is not played (give a smaller item, fewer layers, or a board that decodes more)"))
        #expect(b.shares[3] == nil && b.reserved[3] == nil)
    }

    @Test func aMembersNextItemReplacesItsOwnShareWhenItDecodes() {
        var b = DecodeBudget(capacity: capacity("h264=8M"))
        let size = PixelSize(width: 640, height: 360)
        #expect(b.admit(0, codec: "h264", size: size, framesPerSecond: 25) == .full)
        #expect(b.used == 0, "a share was taken before its item decoded")
        b.decoding(0, share: b.reserved[0] ?? 0)
        #expect(abs(b.used - 0.72) < 1e-9)
        // The same member's next item (a loop): 72 % again, not 144 %.
        #expect(b.admit(0, codec: "h264", size: size, framesPerSecond: 25) == .full)
        b.decoding(0, share: b.reserved[0] ?? 0)
        #expect(abs(b.used - 0.72) < 1e-9)
        b.release(0)
        #expect(b.used == 0 && b.reserved.isEmpty)
    }

    @Test func aNextItemRefusedLeavesTheCurrentItemsShare() {
        var b = DecodeBudget(capacity: capacity("h264=8M"))
        #expect(b.admit(0, codec: "h264", size: PixelSize(width: 640, height: 360), framesPerSecond: 25) == .full)
        b.decoding(0, share: b.reserved[0] ?? 0)
        // Its next item (4K: its key frames alone are 104 % of 8 M a second) is refused.
        guard case .refused = b.admit(0, codec: "h264", size: PixelSize(width: 3840, height: 2160), framesPerSecond: 30) else {
            Issue.record("a 4K item fitted in 8 M")
            return
        }
        // The current item still decodes, and still holds its 72 %: another member cannot take it.
        #expect(abs(b.used - 0.72) < 1e-9)
        #expect(b.admit(1, codec: "h264", size: PixelSize(width: 640, height: 360), framesPerSecond: 25) != .full)
    }

    @Test func anotherMembersReservationCountsBeforeItDecodes() {
        var b = DecodeBudget(capacity: capacity("h264=8M"))
        let size = PixelSize(width: 640, height: 360)
        // Member 0 decodes 24 %, and has its next item (72 %) reserved ahead.
        #expect(b.admit(0, codec: "h264", size: PixelSize(width: 320, height: 240), framesPerSecond: 25) == .full)
        b.decoding(0, share: b.reserved[0] ?? 0)
        #expect(b.admit(0, codec: "h264", size: size, framesPerSecond: 25) == .full)
        // Member 1's 72 % would fit beside the 24 % decoding now, not beside the 72 % to come.
        #expect(b.admit(1, codec: "h264", size: size, framesPerSecond: 25) != .full)
        // Given back (the queue edited), it fits.
        b.unreserve(0)
        #expect(b.admit(1, codec: "h264", size: size, framesPerSecond: 25) == .full)
    }

    @Test func codecsNotListedAndUnknownSizesAreNotLimited() {
        var b = DecodeBudget(capacity: capacity("h264=1M"))
        #expect(b.admit(0, codec: "vp9", size: PixelSize(width: 3840, height: 2160), framesPerSecond: 60) == .full)
        #expect(b.admit(1, codec: "h264", size: .zero, framesPerSecond: 25) == .full)
        #expect(b.used == 0)
    }

    @Test func anUnknownFrameRateCountsAsThirty() {
        var b = DecodeBudget(capacity: capacity("h264=2304000"))
        // 320x240 at 30 is exactly 2.304 M: all of it.
        #expect(b.admit(0, codec: "h264", size: PixelSize(width: 320, height: 240), framesPerSecond: 0) == .full)
        #expect(b.reserved[0] == 1)
    }
}
