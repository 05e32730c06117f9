import PlayheadCore
import Testing

/// FFmpeg says the same thing for every broken frame: a run of one text is one line, then a
/// count, on the next other message or once a second has passed. Times are given, not read.
@Suite struct RepeatedLineFolderTests {
    let ms: Int64 = 1_000_000

    @Test func aRunIsOneLineAndItsCountComesWithTheNextOtherMessage() {
        var f = RepeatedLineFolder()
        #expect(f.offer("A", now: 0) == ["A"])
        #expect(f.offer("A", now: 10 * ms) == [])
        #expect(f.offer("A", now: 20 * ms) == [])
        #expect(f.offer("B", now: 30 * ms) == ["last message repeated 2 times: A", "B"])
        #expect(f.offer("A", now: 40 * ms) == ["A"])
        #expect(f.tick(now: 5000 * ms) == [])
    }

    @Test func aLongRunSaysItsCountOnceASecond() {
        var f = RepeatedLineFolder()
        var out: [String] = []
        for i in 0..<250 { out += f.offer("decode error", now: Int64(i) * 10 * ms) }
        // Shown at 0 ms; 100 folded by 1000 ms, 100 more by 2000 ms; 49 left, said by the tick.
        #expect(out == ["decode error", "last message repeated 100 times: decode error", "last message repeated 100 times: decode error"])
        #expect(f.tick(now: 2499 * ms) == [])
        #expect(f.tick(now: 3000 * ms) == ["last message repeated 49 times: decode error"])
        #expect(f.tick(now: 9000 * ms) == [])
        #expect(f.offer("decode error", now: 9001 * ms) == ["decode error"])
    }
}
