import Testing
import PlayheadCore

/// Where the waiting sound goes on the device's timeline.
@Suite struct SoundPlacementTests {
    func ms(_ n: Int64) -> MediaTime { MediaTime(value: n, timescale: 1000) }

    @Test func writesRunOnFromWhereTheLastEnded() {
        #expect(SoundPlacement.start(writtenEnd: ms(500), timelineNow: ms(300), deviceStarved: false, next: ms(500)) == ms(500))
        // Later sound (a gap in the track) does not move the start: the gap is silence.
        #expect(SoundPlacement.start(writtenEnd: ms(500), timelineNow: ms(300), deviceStarved: false, next: ms(900)) == ms(500))
    }

    @Test func aStarvedDeviceRestartsAtThePresentNotWhereItsSoundEnded() {
        // An item without sound just played: its silence is not written afterwards.
        #expect(SoundPlacement.start(writtenEnd: ms(500), timelineNow: ms(2000), deviceStarved: true, next: ms(2100)) == ms(2000))
        // Not starved: the device still plays what it was given, the writes carry on.
        #expect(SoundPlacement.start(writtenEnd: ms(500), timelineNow: ms(2000), deviceStarved: false, next: ms(2100)) == ms(500))
    }

    @Test func theFirstSoundAfterAStartKeepsItsBeginningUpToATenth() {
        // The device took 80 ms to open: the sound starts with itself, the clock steps back.
        #expect(SoundPlacement.start(writtenEnd: nil, timelineNow: ms(1080), deviceStarved: true, next: ms(1000)) == ms(1000))
        #expect(SoundPlacement.start(writtenEnd: nil, timelineNow: ms(1100), deviceStarved: true, next: ms(1000)) == ms(1000))
        // Further back than a tenth: the present, and what lies before it is dropped.
        #expect(SoundPlacement.start(writtenEnd: nil, timelineNow: ms(1101), deviceStarved: true, next: ms(1000)) == ms(1101))
        // Only the first: once written, sound before the written end is never written twice.
        #expect(SoundPlacement.start(writtenEnd: ms(1080), timelineNow: ms(1080), deviceStarved: false, next: ms(1000)) == ms(1080))
    }

    @Test func soundBeforeTheStartIsDroppedAsFarAsItOverlaps() {
        #expect(SoundPlacement.step(start: ms(1010), next: ms(1000), frames: 4800, sampleRate: 48000, maxSilenceFrames: 9600)
            == .drop(frames: 480))
        // All of it lies before: all of it goes, and no more than it holds.
        #expect(SoundPlacement.step(start: ms(2000), next: ms(1000), frames: 4800, sampleRate: 48000, maxSilenceFrames: 9600)
            == .drop(frames: 4800))
    }

    @Test func aGapIsSilenceAtMostADeviceAtATime() {
        #expect(SoundPlacement.step(start: ms(1000), next: ms(1050), frames: 4800, sampleRate: 48000, maxSilenceFrames: 9600)
            == .silence(frames: 2400, at: ms(1000)))
        #expect(SoundPlacement.step(start: ms(1000), next: ms(3000), frames: 4800, sampleRate: 48000, maxSilenceFrames: 9600)
            == .silence(frames: 9600, at: ms(1000)))
    }

    @Test func soundAtTheStartIsWrittenAsItIs() {
        #expect(SoundPlacement.step(start: ms(1000), next: ms(1000), frames: 4800, sampleRate: 48000, maxSilenceFrames: 9600) == .write)
        // Less than half a frame apart rounds to none either way.
        let nearly = MediaTime(value: 1_000_000_010, timescale: 1_000_000_000)
        #expect(SoundPlacement.step(start: nearly, next: ms(1000), frames: 4800, sampleRate: 48000, maxSilenceFrames: 9600) == .write)
    }

}
