import Testing
@testable import PlayheadCore

@Suite struct CommitBatcherTests {
    typealias Entry = CommitBatcher.Entry
    static let refresh: Int64 = 16_000_000
    static let window = CommitBatcher.windowNanoseconds

    /// A batcher that has seen one event: a vblank at 0.
    private func running() -> CommitBatcher {
        var b = CommitBatcher(refreshNanoseconds: Self.refresh)
        _ = b.submit(Entry(layer: 0, tag: 0), now: 0)
        _ = b.flipped(vblank: 0, now: 100_000)
        return b
    }

    @Test func beforeAnyEventAFlipGoesOutAtOnce() {
        var b = CommitBatcher(refreshNanoseconds: Self.refresh)
        #expect(b.submit(Entry(layer: 1, tag: 7), now: 5) == [Entry(layer: 1, tag: 7)])
        #expect(b.commits == 1)
        #expect(b.sharedCommits == 0)
    }

    @Test func flipsWaitForTheWindowBeforeTheNextVblankAndGoOutTogether() {
        var b = running()
        #expect(b.submit(Entry(layer: 2, tag: 5), now: 1_000_000) == nil)
        #expect(b.deadline == Self.refresh - Self.window)
        #expect(b.submit(Entry(layer: 1, tag: 3), now: 4_000_000) == nil)
        #expect(b.tick(now: Self.refresh - Self.window - 1) == nil)
        // The lowest layer first, as the planes are stacked.
        #expect(b.tick(now: Self.refresh - Self.window) == [Entry(layer: 1, tag: 3), Entry(layer: 2, tag: 5)])
        #expect(b.sharedCommits == 1)
    }

    @Test func aFlipInsideTheWindowGoesAtOnce() {
        var b = running()
        #expect(b.submit(Entry(layer: 1, tag: 3), now: Self.refresh - 2_000_000) == [Entry(layer: 1, tag: 3)])
    }

    @Test func aFlipSeveralRefreshesAfterTheLastEventWaitsForTheWindowOfTheNextVblank() {
        var b = running()
        let now = 5 * Self.refresh + 1_000_000
        #expect(b.submit(Entry(layer: 0, tag: 1), now: now) == nil)
        #expect(b.deadline == 6 * Self.refresh - Self.window)
    }

    @Test func flipsThatCameWhileOneWasInFlightGoAtTheWindowAfterItsEvent() {
        var b = running()
        _ = b.submit(Entry(layer: 0, tag: 1), now: Self.refresh - 1_000_000)
        #expect(b.submit(Entry(layer: 2, tag: 5), now: Self.refresh + 500_000) == nil)
        let (shown, next) = b.flipped(vblank: Self.refresh, now: Self.refresh + 600_000)
        #expect(shown == [Entry(layer: 0, tag: 1)])
        #expect(next == nil)
        #expect(b.tick(now: 2 * Self.refresh - Self.window) == [Entry(layer: 2, tag: 5)])
        #expect(b.flipped(vblank: 2 * Self.refresh, now: 2 * Self.refresh + 1).shown == [Entry(layer: 2, tag: 5)])
        #expect(b.inFlight == nil && b.deadline == nil)
    }

    @Test func aNewerFlipOfALayerReplacesItsWaitingOne() {
        var b = running()
        _ = b.submit(Entry(layer: 1, tag: 3), now: 1)
        _ = b.submit(Entry(layer: 1, tag: 4), now: 2)
        #expect(b.tick(now: Self.refresh) == [Entry(layer: 1, tag: 4)])
    }

    @Test func aRefusedCommitNamesItsLayersAndWhatWaitedGoesAtItsTime() {
        var b = CommitBatcher(refreshNanoseconds: Self.refresh)
        _ = b.submit(Entry(layer: 0, tag: 1), now: 0)
        _ = b.submit(Entry(layer: 1, tag: 2), now: 1)
        #expect(b.refused(now: 2) == [Entry(layer: 0, tag: 1)])
        #expect(b.inFlight == nil)
        #expect(b.tick(now: 2) == [Entry(layer: 1, tag: 2)])
    }

    @Test func aFlipWhoseEventNeverComesIsGivenUpAtItsTimeoutAndTheWaitingOnesGoOut() {
        var b = CommitBatcher(refreshNanoseconds: Self.refresh)
        _ = b.submit(Entry(layer: 0, tag: 1), now: 1_000)
        _ = b.submit(Entry(layer: 1, tag: 2), now: 2_000)
        #expect(b.deadline == 1_000 + CommitBatcher.flipTimeoutNanoseconds)
        let early = b.expire(now: 1_000 + CommitBatcher.flipTimeoutNanoseconds - 1)
        #expect(early.givenUp.isEmpty && early.next == nil)
        let late = b.expire(now: 1_000 + CommitBatcher.flipTimeoutNanoseconds)
        #expect(late.givenUp == [Entry(layer: 0, tag: 1)])
        #expect(late.next == [Entry(layer: 1, tag: 2)])
    }

    @Test func flipsGivenTogetherGoOutInOneCommit() {
        var b = CommitBatcher(refreshNanoseconds: Self.refresh)
        #expect(b.submit([Entry(layer: 2, tag: 1), Entry(layer: 0, tag: 9)], now: 0) == [Entry(layer: 0, tag: 9), Entry(layer: 2, tag: 1)])
        #expect(b.sharedCommits == 1)
        #expect(b.submit([], now: 1) == nil)
        #expect(b.flipped(vblank: 16, now: 20).next == nil)
        #expect(b.submit([], now: 30) == nil)
        #expect(b.commits == 1)
    }

    @Test func anEventWithNothingInFlightShowsNothing() {
        var b = CommitBatcher(refreshNanoseconds: Self.refresh)
        let (shown, next) = b.flipped(vblank: 5, now: 6)
        #expect(shown.isEmpty && next == nil)
        #expect(b.deadline == nil)
    }

    @Test func whileACaptureHoldsTheCommitsFlipsWaitAndGoAtTheRelease() {
        var b = running()
        b.hold()
        #expect(b.submit(Entry(layer: 1, tag: 3), now: Self.refresh - 1_000_000) == nil)
        #expect(b.tick(now: 3 * Self.refresh) == nil)
        #expect(b.deadline == nil)
        #expect(b.release(now: 3 * Self.refresh) == [Entry(layer: 1, tag: 3)])
    }
}
