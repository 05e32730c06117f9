import Testing
import PlayheadCore

/// A flip's delay is its vblank minus the frame's due time, which a file's timestamps set: the
/// sums saturate rather than trap.
@Suite struct DisplayStatisticsTests {
    @Test func delaysFromTheEndsOfTimeSaturate() {
        var stats = DisplayStatistics()
        stats.flipped(delay: Int64.max, refreshNanoseconds: 16_666_667, now: 5)
        stats.flipped(delay: Int64.max, refreshNanoseconds: 16_666_667, now: 6)
        #expect(stats.totalFlipDelayNanoseconds == Int64.max)
        #expect(stats.late == 2)
        stats.flipped(delay: Int64.min, refreshNanoseconds: 16_666_667, now: 7)
        stats.flipped(delay: Int64.min, refreshNanoseconds: 16_666_667, now: 8)
        stats.flipped(delay: Int64.min, refreshNanoseconds: 16_666_667, now: 9)
        #expect(stats.totalFlipDelayNanoseconds == Int64.min)
        #expect(stats.presented == 5 && stats.late == 2)
        // The first flip's time, as it was heard of.
        #expect(stats.firstFlipAtNanoseconds == 5)
    }
}
