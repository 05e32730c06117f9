@testable import Playhead
import PlayheadTestSupport
import Testing

/// The engine's core on its own: what it asks the driver to do for each command and pass.
@Suite struct PlaybackCoreTests {
    @Test func anItemAddedToAnEmptyQueueIsOpenedOnceAndTheCoreWaitsForIt() {
        var bench = CoreBench()
        let item = bench.item("a")
        let actions = bench.send(.insert(item, after: nil))
        #expect(actions.compactMap(\.opens) == [item])
        let (deadline, more) = bench.pass()
        #expect(more.compactMap(\.opens).isEmpty, "asked to open an item already being opened")
        #expect(deadline == nil && bench.core.awaitingWake)
        bench.send(.setRate(.normal))
        #expect(bench.core.view.timeControl.reason == .openingItem)
        #expect(!bench.core.view.finished)
    }

    @Test func anOpenedItemStartsPausedOnItsFirstPicture() {
        var bench = CoreBench()
        let item = bench.item("a")
        bench.finishOpens(bench.send(.insert(item, after: nil))) { _ in .success(FakeSource(frameCount: 10, hasAudio: false)) }
        #expect(bench.log.contains { if case .watchToggles(let i) = $0 { i == item } else { false } })
        // The event carries the state that caused it: the item is current in it.
        let changed = bench.log.compactMap { a -> EngineView? in
            if case .emit(let e, let view) = a, e.name == "currentItemChanged" { view } else { nil }
        }
        #expect(changed.first?.items.first == item)
        let (_, actions) = bench.pass()
        #expect(actions.compactMap(\.presentedDue) == [bench.clock.now()])
        #expect(actions.compactMap(\.eventName).contains("readyForDisplay"))
    }

    @Test func playingPresentsEachFrameAtItsTime() {
        var bench = CoreBench(actionAtItemEnd: .pause)
        let item = bench.item("a")
        bench.finishOpens(bench.send(.insert(item, after: nil))) { _ in .success(FakeSource(frameCount: 10, hasAudio: false)) }
        bench.pass()
        bench.send(.setRate(.normal))
        let start = bench.clock.now()
        #expect(bench.run { $0.eventName == "didPlayToEndTime" })
        let dues = bench.log.compactMap(\.presentedDue)
        // The paused first picture, then frames 1 to 9 at 40 ms apart from the start.
        #expect(dues.count == 10)
        #expect(Array(dues.dropFirst()) == (1...9).map { start + Int64($0) * 40_000_000 })
        // Each handed over at its time: the pass's deadline was the next picture's.
        #expect(bench.presented.allSatisfy { $0.at == $0.due })
        #expect(bench.core.rate.isPaused, "actionAtItemEnd .pause did not pause at the end")
    }

    @Test func aJoinClosesThePlayedSourceAsideAndAnnouncesTheEndBeforeTheChange() {
        var bench = CoreBench()
        let first = bench.item("a"), second = bench.item("b")
        var sources: [PlayerItem: FakeSource] = [:]
        let make: (PlayerItem) -> Result<any MediaSource, PlaybackError> = { item in
            let s = FakeSource(frameCount: 5, hasAudio: false)
            sources[item] = s
            return .success(s)
        }
        bench.finishOpens(bench.send(.insertAll([first, second])), make)
        bench.send(.setRate(.normal))
        for _ in 0..<200 where !bench.log.contains(where: { $0.eventName == "currentItemChanged" && bench.core.queue.current == second }) {
            let (deadline, actions) = bench.pass()
            bench.finishOpens(actions, make)
            if let deadline, deadline > bench.clock.now() { bench.clock.advance(to: deadline) }
        }
        #expect(bench.core.queue.current == second)
        let ends = bench.log.compactMap { a -> EngineView? in
            if case .emit(let e, let view) = a, e.name == "didPlayToEndTime", e.item == first { view } else { nil }
        }
        #expect(ends.count == 1)
        #expect(ends.first?.items.first == first, "the end was announced with the next item already current")
        let asideIndex = bench.log.firstIndex { if case .closeAside(let s) = $0 { s === sources[first] } else { false } }
        #expect(asideIndex != nil, "the played source was not closed aside")
        #expect(!bench.log.contains { if case .close(let s) = $0 { s === sources[first] } else { false } })
    }

    @Test func aFailedItemShowsASlateAndIsOpenedAgainWhenItsTryIsDue() {
        var bench = CoreBench(restart: RestartPolicy.Settings(attempts: 3, firstDelayMs: 1000, jitter: 0))
        let item = bench.item("a")
        let failure = PlaybackError(.readFailed, "a: broken")
        bench.finishOpens(bench.send(.insert(item, after: nil))) { _ in .failure(failure) }
        #expect(bench.log.compactMap(\.eventName).contains("itemRestarting"))
        #expect(bench.log.contains { if case .showSlate(let text) = $0 { text.contains("next try in 1 s") } else { false } })
        let (deadline, early) = bench.pass()
        #expect(early.compactMap(\.opens).isEmpty)
        #expect(deadline == bench.clock.now() + 1_000_000_000)
        bench.clock.advance(to: deadline!)
        let (_, due) = bench.pass()
        #expect(due.compactMap(\.opens) == [item])
    }
}
