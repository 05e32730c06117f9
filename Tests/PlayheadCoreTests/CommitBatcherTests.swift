import Testing
@testable import PlayheadCore

@Suite struct CommitBatcherTests {
    typealias Entry = CommitBatcher.Entry

    @Test func aFlipWithNothingInFlightGoesOutAtOnce() {
        var b = CommitBatcher()
        #expect(b.submit(Entry(layer: 1, tag: 7), now: 0) == [Entry(layer: 1, tag: 7)])
        #expect(b.commits == 1)
        #expect(b.sharedCommits == 0)
    }

    @Test func flipsThatCameWhileOneWasInFlightGoTogetherAtItsEvent() {
        var b = CommitBatcher()
        _ = b.submit(Entry(layer: 0, tag: 1), now: 0)
        #expect(b.submit(Entry(layer: 2, tag: 5), now: 2_000_000) == nil)
        #expect(b.submit(Entry(layer: 1, tag: 3), now: 3_000_000) == nil)
        let (shown, next) = b.flipped(now: 16_000_000)
        #expect(shown == [Entry(layer: 0, tag: 1)])
        // The lowest layer first, as the planes are stacked.
        #expect(next == [Entry(layer: 1, tag: 3), Entry(layer: 2, tag: 5)])
        #expect(b.commits == 2 && b.sharedCommits == 1)
        #expect(b.flipped(now: 33_000_000).shown == next)
        #expect(b.inFlight == nil)
    }

    @Test func aNewerFlipOfALayerReplacesItsWaitingOne() {
        var b = CommitBatcher()
        _ = b.submit(Entry(layer: 0, tag: 1), now: 0)
        _ = b.submit(Entry(layer: 1, tag: 3), now: 1)
        _ = b.submit(Entry(layer: 1, tag: 4), now: 2)
        #expect(b.flipped(now: 16).next == [Entry(layer: 1, tag: 4)])
    }

    @Test func aRefusedCommitNamesItsLayersAndLeavesNothingInFlight() {
        var b = CommitBatcher()
        _ = b.submit(Entry(layer: 0, tag: 1), now: 0)
        #expect(b.refused() == [Entry(layer: 0, tag: 1)])
        #expect(b.inFlight == nil)
        #expect(b.submit(Entry(layer: 0, tag: 2), now: 1) == [Entry(layer: 0, tag: 2)])
    }

    @Test func aFlipWhoseEventNeverComesIsGivenUpAtItsDeadlineAndTheWaitingOnesGoOut() {
        var b = CommitBatcher()
        _ = b.submit(Entry(layer: 0, tag: 1), now: 1_000)
        _ = b.submit(Entry(layer: 1, tag: 2), now: 2_000)
        #expect(b.deadline == 1_000 + CommitBatcher.flipTimeoutNanoseconds)
        let early = b.expire(now: 1_000 + CommitBatcher.flipTimeoutNanoseconds - 1)
        #expect(early.givenUp.isEmpty && early.next == nil)
        let late = b.expire(now: 1_000 + CommitBatcher.flipTimeoutNanoseconds)
        #expect(late.givenUp == [Entry(layer: 0, tag: 1)])
        #expect(late.next == [Entry(layer: 1, tag: 2)])
    }

    @Test func anEventWithNothingInFlightShowsNothing() {
        var b = CommitBatcher()
        let (shown, next) = b.flipped(now: 5)
        #expect(shown.isEmpty && next == nil)
        #expect(b.deadline == nil)
    }

    @Test func flipsGivenTogetherGoOutInOneCommit() {
        var b = CommitBatcher()
        #expect(b.submit([Entry(layer: 2, tag: 1), Entry(layer: 0, tag: 9)], now: 0) == [Entry(layer: 0, tag: 9), Entry(layer: 2, tag: 1)])
        #expect(b.sharedCommits == 1)
        #expect(b.submit([], now: 1) == nil)
        #expect(b.flipped(now: 2).next == nil)
        #expect(b.submit([], now: 3) == nil)
        #expect(b.commits == 1)
    }
}
