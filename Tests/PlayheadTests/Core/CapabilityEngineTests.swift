@testable import Playhead
import PlayheadTestSupport
import Testing

/// The engine holds to the current item's capabilities, steps one picture at a time, and says
/// when the time jumps as an item follows itself.
@Suite struct CapabilityEngineTests {
    static let frame = MediaTime(value: 1, timescale: 25)

    /// One item open on its first picture, paused.
    private func opened(_ source: FakeSource) -> CoreBench {
        var bench = CoreBench(actionAtItemEnd: .pause)
        let item = bench.item("a")
        bench.finishOpens(bench.send(.insert(item, after: nil))) { _ in .success(source) }
        bench.pass()
        return bench
    }

    static func refusals(_ actions: [EngineAction]) -> [String] {
        actions.compactMap { a -> String? in
            if case .emit(let e, _) = a, case .refused(let r) = e.kind { r.message } else { nil }
        }
    }

    @Test func aRateTheItemCannotTakeChangesNothingAndSaysWhy() {
        var bench = opened(FakeSource(frameCount: 50, hasAudio: false, isLive: true))
        bench.send(.setRate(.normal))
        let actions = bench.send(.setRate(PlaybackRate(-1)))
        #expect(bench.core.rate == .normal)
        #expect(Self.refusals(actions) == ["rate -1 is refused: a live stream cannot play backwards"])
        #expect(!actions.contains { $0.eventName == "rateChanged" })
        #expect(Self.refusals(bench.send(.setRate(PlaybackRate(2)))) == ["rate 2 is refused: a live stream plays only at its own pace"])
        #expect(Self.refusals(bench.send(.step(-1))) == ["step -1 is refused: a live stream cannot step back"])
        #expect(bench.core.rate == .normal)
    }

    /// Steps to `count` pictures away; returns the picture on screen once one is presented
    /// after it, and whether the time jump was announced.
    private func step(_ bench: inout CoreBench, _ count: Int) -> (pts: MediaTime?, jumped: Bool) {
        let before = bench.log.count
        bench.send(.step(count))
        _ = bench.run(limit: 200) { if case .present = $0 { true } else { false } }
        let after = bench.log.dropFirst(before)
        return (bench.core.onScreen?.pts, after.contains { $0.eventName == "timeJumped" })
    }

    @Test func aStepShowsThePictureThatManyAwayPausedAndAnnouncesTheJump() {
        var bench = opened(FakeSource(frameCount: 50, hasAudio: false))
        bench.send(.setRate(.normal))
        let forward = step(&bench, 3)
        #expect(bench.core.rate.isPaused, "a step while playing did not pause")
        let playedTo = forward.pts ?? .zero
        #expect(playedTo == Self.frame.multiplied(by: 3), "three on from the first picture landed on \(playedTo.seconds) s")
        #expect(forward.jumped)
        let back = step(&bench, -2)
        #expect(back.pts == playedTo - Self.frame.multiplied(by: 2), "two back from \(playedTo.seconds) s landed on \(back.pts?.seconds ?? -1) s")
        #expect(back.jumped)
        let one = step(&bench, 1)
        #expect(one.pts == playedTo - Self.frame)
        #expect(bench.core.rate.isPaused)
    }

    @Test func aStepPastTheEndStopsOnTheLastPictureAndBeforeTheStartOnTheFirst() {
        var bench = opened(FakeSource(frameCount: 10, hasAudio: false))
        #expect(step(&bench, 500).pts == Self.frame.multiplied(by: 9))
        #expect(step(&bench, -500).pts == .zero)
    }

    @Test func anItemThatFollowsItselfAnnouncesItsTimeGoingBackToTheStart() {
        var bench = CoreBench()
        let item = bench.item("loop")
        bench.send(.setLoopMode(.item))
        bench.finishOpens(bench.send(.insert(item, after: nil))) { _ in .success(FakeSource(frameCount: 10, hasAudio: false)) }
        bench.send(.setRate(.normal))
        var ends = 0
        for _ in 0..<2000 where ends < 2 {
            let (deadline, actions) = bench.pass()
            ends += actions.filter { $0.eventName == "didPlayToEndTime" }.count
            if let deadline, deadline > bench.clock.now() { bench.clock.advance(to: deadline) }
        }
        let jumps = bench.log.compactMap { a -> MediaTime? in
            if case .emit(let e, _) = a, e.name == "timeJumped" { e.time } else { nil }
        }
        #expect(jumps.count == 2, "\(jumps.count) time jumps in two loops")
        #expect(jumps.allSatisfy { $0 >= .zero && $0 < Self.frame })
    }

    @Test func anItemThatCannotTakeThePlayingRateIsPlayedAtOne() {
        var bench = CoreBench()
        let file = bench.item("file"), live = bench.item("live")
        let make: (PlayerItem) -> Result<any MediaSource, PlaybackError> = { item in
            .success(item == file ? FakeSource(frameCount: 10, hasAudio: false) : FakeSource(frameCount: 50, hasAudio: false, isLive: true))
        }
        bench.finishOpens(bench.send(.insertAll([file, live])), make)
        bench.send(.setRate(PlaybackRate(2)))
        for _ in 0..<2000 where bench.core.queue.current != live || bench.core.segments.first?.item != live {
            let (deadline, actions) = bench.pass()
            bench.finishOpens(actions, make)
            if let deadline, deadline > bench.clock.now() { bench.clock.advance(to: deadline) }
        }
        #expect(bench.core.segments.first?.item == live)
        #expect(Self.refusals(bench.log) == ["rate 2 is refused: a live stream plays only at its own pace"])
        #expect(bench.core.rate == .normal)
    }
}
