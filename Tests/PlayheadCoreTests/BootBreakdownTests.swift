import Testing
@testable import PlayheadCore

@Suite struct BootBreakdownTests {
    @Test func eachStageIsTheTimeSinceTheMarkBefore() {
        let b = BootBreakdown(marks: [.initStarted: 1.2, .earlyBootDone: 3.3, .initScriptsDone: 6.0, .playheadStarted: 6.4,
                                      .mainEntered: 6.5, .optionsRead: 6.6, .outputsOpen: 7.25, .firstItemOpen: 7.5, .firstFrame: 8.3])
        #expect(b.stages.map(\.mark) == BootBreakdown.Mark.allCases)
        #expect(b.stages.map { ($0.seconds * 100).rounded() } == [120, 210, 270, 40, 10, 10, 65, 25, 80])
        #expect(b.total == 8.3)
        #expect(b.line == "kernel 1.20 s, early boot 2.10 s, init scripts 2.70 s, to playhead 0.40 s, loading 0.10 s, options 0.10 s, "
                + "outputs 0.65 s, open 0.25 s, first frame 0.80 s = 8.30 s since the kernel started")
    }

    @Test func aMissingMarkLeavesItsTimeToTheNextStage() {
        // The emulated board has no early boot and no rcS marks.
        let b = BootBreakdown(marks: [.initStarted: 0.9, .playheadStarted: 2.0, .firstFrame: 3.05])
        #expect(b.line == "kernel 0.90 s, to playhead 1.10 s, first frame 1.05 s = 3.05 s since the kernel started")
    }

    @Test func aMarkBeforeTheOneBeforeItIsLeftOut() {
        let b = BootBreakdown(marks: [.initStarted: 2.0, .earlyBootDone: 1.0, .firstFrame: 4.0])
        #expect(b.stages.map(\.mark) == [.initStarted, .firstFrame])
        #expect(b.stages.last?.seconds == 2.0)
    }

    @Test func scriptMarksTakeOnlyTheScriptsNamesOnce() {
        let text = "init 2.2\nearly-boot 2.51\nrcS 5.00\nrcS 9.00\nfirst-frame 1.0\nplayhead 0.5\nbogus 3\nrcS\n early-boot 1\nearly-boot -1\nearly-boot nan\n"
        #expect(BootBreakdown.scriptMarks(text) == [.initStarted: 2.2, .earlyBootDone: 2.51, .initScriptsDone: 5.0])
        #expect(BootBreakdown.scriptMarks("").isEmpty)
    }
}
