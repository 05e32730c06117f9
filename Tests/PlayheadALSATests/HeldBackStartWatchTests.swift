import Testing
@testable import PlayheadALSA

/// When a device holding frames under its start threshold is started, stepped on made-up times.
struct HeldBackStartWatchTests {
    let ms: Int64 = 1_000_000

    /// What the watch answers to each (delay, time) in turn.
    func answers(_ w: inout HeldBackStartWatch, _ looks: [(Int, Int64)]) -> [Bool] {
        looks.map { w.observe(delay: $0.0, now: $0.1 * ms) }
    }

    @Test func aDelayThatDoesNotGoDownIsStartedAfterThePatience() {
        var w = HeldBackStartWatch(patience: 100 * ms)
        // Not again at once after a start: only after another wait, should it not take.
        let got = answers(&w, [(300, 0), (300, 99), (300, 100), (300, 120), (300, 200)])
        #expect(got == [false, false, true, false, true])
    }

    @Test func aDeviceThatPlaysOrIsEmptyIsLeftAlone() {
        var w = HeldBackStartWatch(patience: 100 * ms)
        let playing = answers(&w, (0...50).map { (480 - 9 * $0, Int64($0) * 20) })
        #expect(!playing.contains(true))
        var empty = HeldBackStartWatch(patience: 100 * ms)
        let idle = answers(&empty, (0...50).map { (0, Int64($0) * 20) })
        #expect(!idle.contains(true))
    }

    @Test func framesWrittenStartTheWaitAgain() {
        var w = HeldBackStartWatch(patience: 100 * ms)
        let before = answers(&w, [(100, 0)])
        w.reset()
        let after = answers(&w, [(220, 150), (220, 200), (220, 250)])
        #expect(before == [false] && after == [false, false, true])
    }
}
