import Testing
@testable import PlayheadCore

@Suite struct InterruptionPolicyTests {
    @Test func pauseInterruptionWhilePlayingResumesWhenAllowed() {
        var p = InterruptionPolicy()
        #expect(p.began(.pause, isPlaying: true) == [.pause, .announceBegan(ducking: false)])
        #expect(p.isActive)
        #expect(p.ended(shouldResume: true) == [.resume, .announceEnded(shouldResume: true)])
        #expect(!p.isActive)
    }

    @Test func pauseInterruptionEndedWithoutResume() {
        var p = InterruptionPolicy()
        _ = p.began(.pause, isPlaying: true)
        #expect(p.ended(shouldResume: false) == [.announceEnded(shouldResume: false)])
    }

    @Test func pauseInterruptionWhilePausedNeverResumes() {
        var p = InterruptionPolicy()
        #expect(p.began(.pause, isPlaying: false) == [.announceBegan(ducking: false)])
        #expect(p.ended(shouldResume: true) == [.announceEnded(shouldResume: true)])
    }

    @Test func duckAndUnduck() {
        var p = InterruptionPolicy()
        #expect(p.began(.duck(0.25), isPlaying: true) == [.duck(0.25), .announceBegan(ducking: true)])
        #expect(p.gain == 0.25)
        // Playback never stopped: nothing to resume, whatever the interrupter says.
        #expect(p.ended(shouldResume: true) == [.unduck, .announceEnded(shouldResume: true)])
        #expect(p.gain == 1)
    }

    @Test func duckGainIsClamped() {
        var p = InterruptionPolicy()
        #expect(p.began(.duck(3), isPlaying: true) == [.duck(1), .announceBegan(ducking: true)])
        var q = InterruptionPolicy()
        #expect(q.began(.duck(-1), isPlaying: true).first == .duck(0))
    }

    @Test func endWithoutBeginIsIgnored() {
        var p = InterruptionPolicy()
        #expect(p.ended(shouldResume: true).isEmpty)
    }

    @Test func nestedInterruptionsRestoreOnlyAtTheLastEnd() {
        var p = InterruptionPolicy()
        _ = p.began(.pause, isPlaying: true)
        // The second began sees playback paused (by the first): the state to return to is the
        // one from the outermost began.
        #expect(p.began(.pause, isPlaying: false).isEmpty)
        #expect(p.ended(shouldResume: true).isEmpty)
        #expect(p.isActive)
        #expect(p.ended(shouldResume: true) == [.resume, .announceEnded(shouldResume: true)])
    }

    @Test func duckEscalatingToPause() {
        var p = InterruptionPolicy()
        _ = p.began(.duck(0.5), isPlaying: true)
        #expect(p.began(.pause, isPlaying: true) == [.pause, .announceBegan(ducking: false)])
        #expect(p.ended(shouldResume: true).isEmpty)
        // Unduck before resuming, so that playback comes back at full volume.
        #expect(p.ended(shouldResume: true) == [.unduck, .resume, .announceEnded(shouldResume: true)])
    }

    @Test func deeperDuckWinsShallowerIsOnlyCounted() {
        var p = InterruptionPolicy()
        _ = p.began(.duck(0.5), isPlaying: true)
        #expect(p.began(.duck(0.8), isPlaying: true).isEmpty)
        #expect(p.began(.duck(0.2), isPlaying: true) == [.duck(0.2), .announceBegan(ducking: true)])
        #expect(p.gain == 0.2)
        #expect(p.ended(shouldResume: false).isEmpty)
        #expect(p.ended(shouldResume: false).isEmpty)
        #expect(p.ended(shouldResume: false) == [.unduck, .announceEnded(shouldResume: false)])
    }

    @Test func duckUnderAPauseIsRememberedQuietly() {
        var p = InterruptionPolicy()
        _ = p.began(.pause, isPlaying: true)
        #expect(p.began(.duck(0.3), isPlaying: false) == [.duck(0.3)])
        _ = p.ended(shouldResume: true)
        #expect(p.ended(shouldResume: true) == [.unduck, .resume, .announceEnded(shouldResume: true)])
    }

    @Test func userTakingChargeCancelsTheResume() {
        var p = InterruptionPolicy()
        _ = p.began(.pause, isPlaying: true)
        p.cancelResume()
        #expect(p.ended(shouldResume: true) == [.announceEnded(shouldResume: true)])
        // Only for that interruption.
        _ = p.began(.pause, isPlaying: true)
        #expect(p.ended(shouldResume: true).contains(.resume))
    }
}
