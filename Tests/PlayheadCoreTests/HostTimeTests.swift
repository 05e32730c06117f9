import Testing
@testable import PlayheadCore

/// A host time moved by a huge amount saturates towards the amount's sign: moved far back, it
/// is the earliest time (due at once), never the end of time.
@Suite struct HostTimeTests {
    @Test func addingSaturatesTowardsItsSign() {
        #expect(HostTime(nanoseconds: -5) + Int64.min == HostTime(nanoseconds: Int64.min))
        #expect(HostTime(nanoseconds: 5) + Int64.max == HostTime(nanoseconds: Int64.max))
        #expect(HostTime(nanoseconds: Int64.min) + -1 == HostTime(nanoseconds: Int64.min))
        #expect(HostTime(nanoseconds: 10) + -3 == HostTime(nanoseconds: 7))
    }

    @Test func differencesSaturate() {
        #expect(HostTime(nanoseconds: 1_000) - HostTime(nanoseconds: Int64.min) == Int64.max)
        #expect(HostTime(nanoseconds: -1_000) - HostTime(nanoseconds: Int64.max) == Int64.min)
        #expect(HostTime(nanoseconds: 7) - HostTime(nanoseconds: 10) == -3)
    }
}
