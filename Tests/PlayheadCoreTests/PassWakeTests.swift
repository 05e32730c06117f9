import Testing
import PlayheadCore

/// When the engine's loop runs again.
@Suite struct PassWakeTests {
    func at(_ ms: Int64) -> HostTime { HostTime(nanoseconds: ms * 1_000_000) }

    func facts(now: Int64 = 1000, deadlines: [Int64] = [], videoPending: Bool = false, videoLineEmpty: Bool = false,
               audioPending: Bool = false, deviceEmpty: Bool = false, soundPlays: Bool = true, starting: Bool = false,
               opening: Bool = false, virtualClock: Bool = false, paused: Bool = false) -> PassWake.Facts {
        PassWake.Facts(now: at(now), deadlines: deadlines.map(at), videoPending: videoPending, videoLineEmpty: videoLineEmpty,
                       audioPending: audioPending, deviceEmpty: deviceEmpty, soundPlays: soundPlays, starting: starting,
                       opening: opening, virtualClock: virtualClock, paused: paused)
    }

    @Test func theEarliestDeadlineAheadComesNext() {
        let d = PassWake.decide(facts(deadlines: [1040, 1016, 990, 1000, 2000]))
        #expect(d == PassWake.Decision(next: at(1016), awaitsWake: false))
    }

    @Test func withOnlyPastDeadlinesItLooksAgainShortlyRatherThanSpin() {
        #expect(PassWake.decide(facts(deadlines: [990])).next == at(1005))
        #expect(PassWake.decide(facts()).next == at(1005))
    }

    @Test func aPausedVirtualClockWaitsForACommandNotForTime() {
        #expect(PassWake.decide(facts(virtualClock: true, paused: true)).next == nil)
        #expect(PassWake.decide(facts(virtualClock: false, paused: true)).next == at(1005))
        // A deadline still counts while paused (a busy device asked again).
        #expect(PassWake.decide(facts(deadlines: [1200], virtualClock: true, paused: true)).next == at(1200))
    }

    @Test func aStarvedLineWaitsForItsSource() {
        #expect(PassWake.decide(facts(videoPending: true, videoLineEmpty: true)).awaitsWake)
        // Pictures still in line: the loop goes on showing them.
        #expect(!PassWake.decide(facts(videoPending: true, videoLineEmpty: false)).awaitsWake)
        #expect(PassWake.decide(facts(audioPending: true, deviceEmpty: true)).awaitsWake)
        #expect(!PassWake.decide(facts(audioPending: true, deviceEmpty: false)).awaitsWake)
        // Sound not heard at this rate is not waited for.
        #expect(!PassWake.decide(facts(audioPending: true, deviceEmpty: true, soundPlays: false)).awaitsWake)
        #expect(PassWake.decide(facts(starting: true)).awaitsWake)
    }

    @Test func aVirtualClockWaitsForEverythingDecodingOrOpening() {
        #expect(PassWake.decide(facts(videoPending: true, virtualClock: true)).awaitsWake)
        #expect(PassWake.decide(facts(audioPending: true, virtualClock: true)).awaitsWake)
        #expect(!PassWake.decide(facts(audioPending: true, soundPlays: false, virtualClock: true)).awaitsWake)
        #expect(PassWake.decide(facts(opening: true, virtualClock: true)).awaitsWake)
        // On the real clock, an item being opened does not hold the loop.
        #expect(!PassWake.decide(facts(opening: true)).awaitsWake)
    }

    @Test func theDeviceIsWrittenAgainWhenHalfEmpty() {
        // 9600 frames held of 9600 at 48 kHz: half of it, 4800 frames, plays in 100 ms.
        #expect(PassWake.refillDeadline(now: at(1000), bufferedFrames: 9600, capacityFrames: 9600, sampleRate: 48000) == at(1100))
        // Already below half: at once (a frame on), not in the past.
        let soon = PassWake.refillDeadline(now: at(1000), bufferedFrames: 100, capacityFrames: 9600, sampleRate: 48000)
        #expect(soon > at(1000) && soon < at(1001))
    }
}
