import Testing
import PlayheadCore

/// Decoded sound on its way to the device, and played again after a rate change.
@Suite struct SoundLineTests {
    let format = AudioFormat(sampleRate: 1000, channels: 1)
    func ms(_ n: Int64) -> MediaTime { MediaTime(value: n, timescale: 1000) }

    /// `frames` samples (1 ms each) at `at` ms, numbered from `at`.
    func piece(at: Int64, frames: Int, segment: UInt64 = 1) -> SoundLine.Piece {
        let samples = (0..<frames).map { Float(at) + Float($0) }
        return SoundLine.Piece(buffer: AudioBuffer(pts: ms(at), format: format, samples: samples), timeline: ms(at), segment: segment)
    }

    @Test func aRateChangePlaysAgainWhatWasNotHeardFromThePresent() {
        var line = SoundLine()
        line.take(piece(at: 0, frames: 100))
        line.waiting = nil  // written
        line.take(piece(at: 100, frames: 100))
        line.forgetHeard(before: ms(120))
        // Heard up to 120 ms: the first piece is forgotten, the second plays again from 150.
        line.replay(from: ms(150), sampleRate: 1000)
        #expect(line.waiting == nil)
        #expect(line.hasReplay)
        let took1 = line.takeReplay()
        #expect(took1)
        #expect(line.waiting?.timeline == ms(150))
        #expect(line.waiting?.buffer.samples.first == 150)
        #expect(line.waiting?.buffer.frameCount == 50)
        let took2 = line.takeReplay()
        #expect(!took2)
    }

    @Test func whatIsPlayedAgainIsKeptUntilHeardToo() {
        var line = SoundLine()
        line.take(piece(at: 0, frames: 100))
        line.replay(from: ms(40), sampleRate: 1000)
        let took3 = line.takeReplay()
        #expect(took3)
        // Another change before it was heard: it plays again once more, from the new present.
        line.replay(from: ms(70), sampleRate: 1000)
        let took4 = line.takeReplay()
        #expect(took4)
        #expect(line.waiting?.timeline == ms(70))
        #expect(line.waiting?.buffer.frameCount == 30)
    }

    @Test func soundAllHeardIsNotPlayedAgain() {
        var line = SoundLine()
        line.take(piece(at: 0, frames: 100))
        line.forgetHeard(before: ms(100))
        line.replay(from: ms(100), sampleRate: 1000)
        #expect(!line.hasReplay)
        // Forgotten, it stays so even for a rate change asked from a moment before (the
        // device's heard position can trail the clock).
        line.take(piece(at: 100, frames: 100))
        line.forgetHeard(before: ms(200))
        line.replay(from: ms(195), sampleRate: 1000)
        #expect(!line.hasReplay)
        // Not yet heard to its end: kept.
        line.take(piece(at: 100, frames: 100))
        line.forgetHeard(before: ms(199))
        line.replay(from: ms(199), sampleRate: 1000)
        #expect(line.hasReplay)
    }

    @Test func aPassNoLongerToFollowLeavesNothingBehind() {
        var line = SoundLine()
        line.take(piece(at: 0, frames: 100, segment: 1))
        line.take(piece(at: 100, frames: 100, segment: 2))
        line.replay(from: ms(50), sampleRate: 1000)
        #expect(line.holds(segment: 2))
        line.remove(segment: 2)
        #expect(!line.holds(segment: 2))
        #expect(line.holds(segment: 1))
        let took5 = line.takeReplay()
        #expect(took5)
        #expect(line.waiting?.segment == 1)
        let took6 = line.takeReplay()
        #expect(!took6)
        line.removeAll()
        #expect(!line.holds(segment: 1) && line.waiting == nil)
    }

    @Test func theWaitingPieceIsTrimmedAsTheDeviceTakesIt() {
        var line = SoundLine()
        line.take(piece(at: 0, frames: 100))
        line.wrote(frames: 30)
        #expect(line.waiting?.timeline == ms(30))
        #expect(line.waiting?.buffer.samples.first == 30)
        line.dropWaiting(frames: 20, restartingAt: ms(50))
        #expect(line.waiting?.timeline == ms(50))
        #expect(line.waiting?.buffer.frameCount == 50)
        line.wrote(frames: 50)
        #expect(line.waiting == nil)
        line.take(piece(at: 100, frames: 10))
        line.dropWaiting(frames: 10, restartingAt: ms(110))
        #expect(line.waiting == nil)
    }
}
