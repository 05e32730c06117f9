import Testing
@testable import PlayheadCore

/// `schedule-change`: at once, or at the end of the item, never more than the longest wait late.
@Suite struct ScheduleChangeGateTests {
    static let s: Int64 = 1_000_000_000

    @Test func aChangeAtOnceIsNotHeld() {
        var gate = ScheduleChangeGate<String>()
        #expect(gate.due("evening", now: 0, waitForItemEnd: false, longestWait: 600 * Self.s) == "evening")
        #expect(gate.itemEnded() == nil && gate.tick(now: 10_000 * Self.s) == nil)
    }

    @Test func aChangeWaitsForTheItemsEndAndANewerOneReplacesIt() {
        var gate = ScheduleChangeGate<String>()
        #expect(gate.due("evening", now: 0, waitForItemEnd: true, longestWait: 600 * Self.s) == nil)
        #expect(gate.waiting == "evening")
        #expect(gate.tick(now: 599 * Self.s) == nil)
        #expect(gate.due("off", now: 300 * Self.s, waitForItemEnd: true, longestWait: 600 * Self.s) == nil)
        #expect(gate.itemEnded() == "off")
        #expect(gate.itemEnded() == nil)
    }

    @Test func noChangeWaitsLongerThanTheLongestWaitFromItsFirstTime() {
        var gate = ScheduleChangeGate<String>()
        _ = gate.due("evening", now: 100 * Self.s, waitForItemEnd: true, longestWait: 60 * Self.s)
        _ = gate.due("off", now: 130 * Self.s, waitForItemEnd: true, longestWait: 60 * Self.s)
        #expect(gate.tick(now: 159 * Self.s) == nil)
        #expect(gate.tick(now: 160 * Self.s) == "off")
        #expect(gate.tick(now: 161 * Self.s) == nil && gate.waiting == nil)
    }

    @Test func aChangeAtOnceDropsOneThatWaited() {
        var gate = ScheduleChangeGate<String>()
        _ = gate.due("evening", now: 0, waitForItemEnd: true, longestWait: 60 * Self.s)
        // Playback paused meanwhile: the next change is carried out at once, the older one with it.
        #expect(gate.due("off", now: 10 * Self.s, waitForItemEnd: false, longestWait: 60 * Self.s) == "off")
        #expect(gate.itemEnded() == nil)
    }
}
