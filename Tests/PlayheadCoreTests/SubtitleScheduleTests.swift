import PlayheadCore
import Testing

@Suite struct SubtitleScheduleTests {
    func cue(_ start: Int64, _ duration: Int64, _ text: String) -> SubtitleCue {
        SubtitleCue(startMilliseconds: start, durationMilliseconds: duration, dialogue: "0,0,Default,,0,0,0,,\(text)")
    }

    @Test func showsTheCuesOfATimeAndSaysWhenThatChanges() {
        var s = SubtitleSchedule()
        s.add(cue(500, 1500, "Hello"))
        s.add(cue(2500, 1000, "World"))
        #expect(s.shown(at: 499).isEmpty)
        #expect(s.shown(at: 500).map(\.text) == ["Hello"])
        #expect(s.shown(at: 1999).map(\.text) == ["Hello"])
        #expect(s.shown(at: 2000).isEmpty)
        #expect(s.nextChange(after: 0) == 500)
        #expect(s.nextChange(after: 600) == 2000)
        #expect(s.nextChange(after: 2000) == 2500)
        #expect(s.nextChange(after: 3000) == 3500)
        #expect(s.nextChange(after: 3500) == nil)
    }

    @Test func overlappingCuesShowTogetherInOrder() {
        var s = SubtitleSchedule()
        s.add(cue(1000, 5000, "long"))
        s.add(cue(2000, 1000, "short"))
        #expect(s.shown(at: 2500).map(\.text) == ["long", "short"])
        #expect(s.nextChange(after: 2500) == 3000)
        #expect(s.nextChange(after: 3000) == 6000)
    }

    @Test func cuesGivenOutOfOrderAreKeptInOrder() {
        var s = SubtitleSchedule()
        s.add(cue(3000, 100, "c"))
        s.add(cue(1000, 100, "a"))
        s.add(cue(2000, 100, "b"))
        #expect(s.cues.map(\.text) == ["a", "b", "c"])
    }

    @Test func aHostileFileCannotFillMemory() {
        var s = SubtitleSchedule(capacity: 3)
        for i in 0..<10 { s.add(cue(Int64(i) * 100, 50, "x")) }
        #expect(s.cues.count == 3)
        #expect(s.leftOut == 7)
    }

    @Test func theWordsAloneWithoutOverridesAndWithLineBreaks() {
        #expect(cue(0, 1, "{\\i1}Hello{\\i0}\\Nworld, again").text == "Hello\nworld, again")
        #expect(cue(0, 1, "a\\hb").text == "a b")
        #expect(SubtitleCue(startMilliseconds: 0, durationMilliseconds: 1, dialogue: "no fields").text == "")
    }
}
