import Testing
import PlayheadCore

/// Committing for the vblank nearest a frame's time, and knowing when that is no longer possible.
@Suite struct FlipTimingTests {
    let ms: Int64 = 1_000_000
    let refresh: Int64 = 16_666_667

    @Test func theTargetIsTheNearestVblankAndTheCommitGoesInAfterTheOneBefore() {
        let timing = FlipTiming(refresh: refresh, lastVblank: 1000 * ms)
        // Due 8 ms after a vblank: that vblank is nearer than the next (8.7 ms later).
        let v = 1000 * ms + 5 * refresh
        #expect(timing.targetVblank(due: v + 8 * ms) == v)
        #expect(timing.targetVblank(due: v + 9 * ms) == v + refresh)
        #expect(timing.targetVblank(due: v - 8 * ms) == v)
        #expect(timing.commitTime(due: v + 8 * ms) == v - refresh + refresh / 8)
        // Committed then, the frame takes its target, within half a refresh of its time.
        let late = timing.lateness(due: v + 8 * ms, now: timing.commitTime(due: v + 8 * ms))!
        #expect(late == -8 * ms)
        #expect(!timing.isTooLate(due: v + 8 * ms, now: timing.commitTime(due: v + 8 * ms)))
    }

    /// The commit of a thread that woke a little late (the old rule: half a refresh before
    /// its time) missed the target and came 8.7 ms late; the commit after the vblank before
    /// leaves the whole refresh to spare.
    @Test func aLittleWakeUpDelayNoLongerCostsARefresh() {
        let timing = FlipTiming(refresh: refresh, lastVblank: 0)
        let v = 10 * refresh
        let due = v + 8 * ms
        let halfRefreshBefore = due - refresh / 2 + ms  // woke 1 ms late
        #expect(timing.lateness(due: due, now: halfRefreshBefore)! > refresh / 2)
        #expect(timing.isTooLate(due: due, now: halfRefreshBefore))
        #expect(timing.lateness(due: due, now: timing.commitTime(due: due) + 5 * ms)! <= 0)
    }

    /// Where each picture of a 30 fps clip lands on a 60 Hz screen, its times 33, 33 and 34 ms
    /// apart from a start `phase` after a vblank, each flip landing on its target.
    func landings(phase: Int64, keepingSide: Bool) -> [Int64] {
        var timing = FlipTiming(refresh: refresh, lastVblank: 0)
        var due = 10 * refresh + phase, landed: [Int64] = []
        for i in 0..<30 {
            let target = timing.targetVblank(due: due)!
            landed.append(target)
            timing.lastVblank = target
            if keepingSide { timing.lastOffset = target - due }
            due += [33, 33, 34][i % 3] * ms
        }
        return landed
    }

    @Test func picturesMidwayBetweenVblanksKeepTheSideTheLastOneTook() {
        for phase in [refresh / 2 - ms / 2, refresh / 2, refresh / 2 + ms / 3, refresh / 2 + ms] {
            let kept = landings(phase: phase, keepingSide: true)
            let lasted = Set(zip(kept, kept.dropFirst()).map { ($0.1 - $0.0 + ms / 2) / ms })
            #expect(lasted == [33], "phase \(phase): pictures lasted \(lasted) ms")
        }
        // The nearest vblank alone swaps sides there: 17 and 50 ms.
        let nearest = landings(phase: refresh / 2 + ms / 3, keepingSide: false)
        #expect(Set(zip(nearest, nearest.dropFirst()).map { ($0.1 - $0.0 + ms / 2) / ms }) == [17, 33, 50])
    }

    @Test func aPictureKeptOnTheLaterSideIsNotCalledLate() {
        let v = 10 * refresh
        // The last landed 8.5 ms after its time: this one, due 8 ms after a vblank, takes the
        // next vblank too (8.7 ms after its time), not the nearer one 8 ms before it.
        let timing = FlipTiming(refresh: refresh, lastVblank: 0, lastOffset: 8_500_000)
        let due = v + 8 * ms
        #expect(timing.targetVblank(due: due) == v + refresh)
        #expect(!timing.isTooLate(due: due, now: timing.commitTime(due: due)))
        // Further than half a refresh and an eighth: the nearest after all.
        let far = FlipTiming(refresh: refresh, lastVblank: 0, lastOffset: 12 * ms)
        #expect(far.targetVblank(due: v + 4 * ms) == v)
    }

    @Test func beforeTheFirstFlipItCommitsHalfARefreshEarlyAndNeverCallsALateFrame() {
        let timing = FlipTiming(refresh: refresh, lastVblank: nil)
        #expect(timing.commitTime(due: 100 * ms) == 100 * ms - refresh / 2)
        #expect(!timing.isTooLate(due: 100 * ms, now: 500 * ms))
        #expect(timing.targetVblank(due: 100 * ms) == nil)
    }

    /// At 15 fps on 60 Hz each picture stays four refreshes: a frame 20 ms late comes more than
    /// four refreshes after the last flip. The old rule (a picture unchanged for four refreshes
    /// is frozen) showed every such frame late; counted in frames, it is dropped, and shown only
    /// once the picture has been up for two frames.
    /// A frame already too late is dropped before it is drawn (30-50 ms of software scaling on
    /// a small board); one on time now is drawn and judged again after, however long the
    /// drawing may take.
    @Test func aFrameAlreadyLateIsDroppedBeforeDrawing() {
        let timing = FlipTiming(refresh: refresh, lastVblank: 0)
        let frame = 2 * refresh, due = 2 * refresh
        #expect(timing.dropsLate(due: due, now: due + 20 * ms, frameDuration: frame, drawing: 10 * ms))
        #expect(!timing.dropsLate(due: due, now: due - 5 * ms, frameDuration: frame, drawing: 30 * ms))
        // Late either way, but once drawn the picture on screen will have been up for longer
        // than two frames (67 ms): drawn, as a late picture beats a frozen one.
        #expect(timing.dropsLate(due: refresh, now: 30 * ms, frameDuration: frame, drawing: 20 * ms))
        #expect(!timing.dropsLate(due: refresh, now: 30 * ms, frameDuration: frame, drawing: 50 * ms))
    }

    @Test func aLowFrameRatesLateFrameIsDroppedUntilThePictureFreezes() {
        let timing = FlipTiming(refresh: refresh, lastVblank: 0)
        let frame = 4 * refresh
        let due = 4 * refresh
        #expect(timing.dropsLate(due: due, now: due + 20 * ms, frameDuration: frame))
        #expect(!timing.dropsLate(due: due + frame, now: due + frame + 20 * ms, frameDuration: frame))
        // On time (committed after the vblank before its own), it is shown.
        #expect(!timing.dropsLate(due: due, now: timing.commitTime(due: due), frameDuration: frame))
        // At 30 fps the picture is frozen after four refreshes, as before.
        #expect(timing.dropsLate(due: 2 * refresh, now: 2 * refresh + 10 * ms, frameDuration: 2 * refresh))
        #expect(!timing.dropsLate(due: 4 * refresh, now: 4 * refresh + 10 * ms, frameDuration: 2 * refresh))
        #expect(!FlipTiming(refresh: refresh, lastVblank: nil).dropsLate(due: due, now: due + 20 * ms, frameDuration: frame))
    }

    @Test func vblanksBeforeTheLastOneAreFoundToo() {
        let timing = FlipTiming(refresh: refresh, lastVblank: 100 * refresh)
        #expect(timing.targetVblank(due: 97 * refresh + ms) == 97 * refresh)
        #expect(timing.nextVblank(after: 99 * refresh + ms) == 100 * refresh)
        #expect(timing.nextVblank(after: 100 * refresh) == 101 * refresh)
    }

    /// A frame's due time comes from the file's timestamps through the presentation clock: it
    /// may be anywhere in Int64, and its duration too. Nothing traps; the far past is too late,
    /// the far future is not, and a frame meant to stay for ever never finds the picture frozen.
    @Test func dueTimesAtTheEndsOfInt64() {
        let last: Int64 = 5_000 * ms
        let timing = FlipTiming(refresh: refresh, lastVblank: last)
        let now = last + 3 * ms
        #expect(timing.isTooLate(due: Int64.min, now: now))
        #expect(!timing.isTooLate(due: Int64.max, now: now))
        #expect(timing.lateness(due: Int64.min, now: now) == Int64.max)
        #expect(timing.lateness(due: Int64.max, now: now)! < 0)
        #expect(timing.commitTime(due: Int64.max) > now)
        #expect(timing.commitTime(due: Int64.min) < now)
        #expect(timing.targetVblank(due: Int64.max)! > last)
        #expect(timing.targetVblank(due: Int64.min)! < last)
        #expect(timing.nextVblank(after: Int64.max) == Int64.max)
        #expect(timing.dropsLate(due: Int64.min, now: now, frameDuration: Int64.max, drawing: Int64.max))
        // Drawn after the end of time, the picture on screen is frozen by then: shown, not dropped.
        #expect(!timing.dropsLate(due: Int64.min, now: now, frameDuration: 40 * ms, drawing: Int64.max))
        #expect(FlipTiming(refresh: refresh, lastVblank: nil).commitTime(due: Int64.min) == Int64.min)
    }
}
