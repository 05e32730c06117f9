import PlayheadCore
import Testing

@Suite struct SubtitleTimingTests {
    let schedule: SubtitleSchedule = {
        var s = SubtitleSchedule()
        s.add(SubtitleCue(startMilliseconds: 500, durationMilliseconds: 1500, dialogue: "0,0,Default,,0,0,0,,Hello"))
        return s
    }()

    @Test func waitsTillTheNextChangeAtThePlayersRate() {
        #expect(SubtitleTiming.wait(at: 450, rate: 1, schedule: schedule) == 50_000_000)
        #expect(SubtitleTiming.wait(at: 450, rate: 2, schedule: schedule) == 25_000_000)
    }

    @Test func looksAgainSoonForSeeksAndNeverSpins() {
        #expect(SubtitleTiming.wait(at: 0, rate: 1, schedule: schedule) == SubtitleTiming.longest)
        #expect(SubtitleTiming.wait(at: 1000, rate: 0, schedule: schedule) == SubtitleTiming.longest)
        #expect(SubtitleTiming.wait(at: 3000, rate: 1, schedule: schedule) == SubtitleTiming.longest)
        #expect(SubtitleTiming.wait(at: 1999, rate: 1, schedule: schedule) == SubtitleTiming.shortest)
    }
}
