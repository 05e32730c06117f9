@testable import Playhead
import PlayheadTestSupport
import Testing

/// A short item looped on its own plays its later passes out of memory.
@Suite struct LoopFromMemoryTests {
    /// One 10-frame item looped; returns the bench after `passes` joins and the file's source.
    private func looped(passes: Int, seekFirst: Bool = false) -> (CoreBench, FakeSource) {
        var bench = CoreBench()
        let item = bench.item("loop")
        let file = FakeSource(frameCount: 10, hasAudio: true)
        bench.send(.setLoopMode(.item))
        bench.finishOpens(bench.send(.insert(item, after: nil))) { _ in .success(file) }
        bench.send(.setRate(.normal))
        if seekFirst { bench.send(.seek(SeekRequest(target: MediaTime(value: 1, timescale: 25)), completion: nil)) }
        var joins = 0
        for _ in 0..<4000 where joins < passes {
            let (deadline, actions) = bench.pass()
            joins += actions.filter { $0.eventName == "didPlayToEndTime" }.count
            if let deadline, deadline > bench.clock.now() { bench.clock.advance(to: deadline) }
        }
        return (bench, file)
    }

    @Test func laterPassesComeFromMemoryWithTheSamePicturesOnTime() {
        let (bench, file) = looped(passes: 3)
        #expect(bench.core.segments.first?.source is ReplaySource)
        #expect(bench.log.contains { if case .closeAside(let s) = $0 { s === file } else { false } },
                "the file's source was not closed once its pass was kept")
        let pictures = bench.log.compactMap { a -> FakePicture? in
            if case .present(let f, _) = a { f.picture as? FakePicture } else { nil }
        }
        #expect(pictures.count >= 30)
        // The second and third passes show the very pictures the first decoded.
        for n in 10..<30 { #expect(pictures[n] === pictures[n % 10]) }
        #expect(bench.presented.dropFirst().allSatisfy { $0.at == $0.due })
        // Each picture due 40 ms after the one before, across the joins.
        let dues = bench.presented.map(\.due.nanoseconds)
        #expect(zip(dues.dropFirst(2), dues.dropFirst()).allSatisfy { $0 - $1 == 40_000_000 })
    }

    /// A pass resumed in its middle (a seek, the place kept over a power cut) is not the
    /// whole item: the next one, read from the start of the file, is kept instead.
    @Test func aPassSoughtBeforeItWasWholeIsNotKeptButTheNextIs() {
        let (afterOne, file) = looped(passes: 1, seekFirst: true)
        #expect(afterOne.core.segments.first?.source === file)
        let (afterTwo, _) = looped(passes: 2, seekFirst: true)
        #expect(afterTwo.core.segments.first?.source is ReplaySource)
    }

    @Test func aShortItemThatDoesNotFollowItselfIsNotKept() {
        var bench = CoreBench()
        let a = bench.item("a"), b = bench.item("b")
        bench.finishOpens(bench.send(.insertAll([a, b]))) { _ in .success(FakeSource(frameCount: 10, hasAudio: true)) }
        bench.send(.setRate(.normal))
        for _ in 0..<5 { bench.pass() }
        #expect(bench.core.queue.current == a)
        #expect(bench.core.kept?.item == nil, "a pass kept for an item that does not loop")
    }
}
