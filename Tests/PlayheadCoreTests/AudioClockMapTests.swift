import Testing
@testable import PlayheadCore

/// The audio clock at rates other than 1: a device frame of stretched sound stands for
/// rate / sampleRate seconds of media.
@Suite struct AudioClockMapTests {
    let second = MediaTime(value: 1, timescale: 1)

    @Test func rateOneIsTheMapAsBefore() {
        var plain = AudioClockMap(sampleRate: 48000)
        var explicit = AudioClockMap(sampleRate: 48000)
        plain.recordWrite(deviceFrame: 0, media: .zero, frames: 1024)
        explicit.recordWrite(deviceFrame: 0, media: .zero, frames: 1024, rate: .normal)
        for (p, e) in [(plain.mediaTime(playedFrames: 1000), explicit.mediaTime(playedFrames: 1000)),
                       (plain.writtenEnd, explicit.writtenEnd)] {
            // Same value in the same timescale, not merely an equal fraction.
            #expect(p?.value == e?.value && p?.timescale == e?.timescale)
        }
        #expect(plain.writtenEnd?.timescale == 48000)
        #expect(plain.writtenEnd?.value == 1024)
    }

    @Test func rateTwoCoversTwiceTheMediaPerFrame() {
        var map = AudioClockMap(sampleRate: 48000)
        let start = MediaTime(value: 10, timescale: 1)
        map.recordWrite(deviceFrame: 0, media: start, frames: 48000, rate: PlaybackRate(2.0))
        #expect(map.writtenEnd == start + 2 * second)
        #expect(map.mediaTime(playedFrames: 24000) == start + second)
        #expect(map.mediaTime(playedFrames: 48000) == start + 2 * second)
        #expect(map.writtenRate == PlaybackRate(2.0))
    }

    @Test func rateChangeMidStreamStartsANewSegment() {
        var map = AudioClockMap(sampleRate: 48000)
        map.recordWrite(deviceFrame: 0, media: .zero, frames: 24000)
        // Contiguous on both counts, but at another rate: it must not be merged.
        let half = MediaTime(value: 1, timescale: 2)
        map.recordWrite(deviceFrame: 24000, media: half, frames: 48000, rate: PlaybackRate(0.5))
        #expect(map.mediaTime(playedFrames: 12000) == MediaTime(value: 1, timescale: 4))
        #expect(map.mediaTime(playedFrames: 48000) == MediaTime(value: 3, timescale: 4))
        #expect(map.writtenEnd == second)
        // And back to 1 after it.
        map.recordWrite(deviceFrame: 72000, media: second, frames: 48000)
        #expect(map.mediaTime(playedFrames: 96000) == MediaTime(value: 3, timescale: 2))
        #expect(map.writtenRate == .normal)
    }

    @Test func manySmallWritesStayExactAtThreeHalves() {
        var map = AudioClockMap(sampleRate: 44100)
        let rate = PlaybackRate(1.5)
        var frame: Int64 = 0
        for _ in 0..<1000 {
            let media = map.writtenEnd ?? .zero
            map.recordWrite(deviceFrame: frame, media: media, frames: 441, rate: rate)
            frame += 441
        }
        // 441000 frames = 10 s of device time = 15 s of media, not a sample off.
        #expect(map.writtenEnd == MediaTime(value: 15, timescale: 1))
        #expect(map.mediaTime(playedFrames: 44100) == MediaTime(value: 3, timescale: 2))
    }

    @Test func stretchedRatesAreForwardFromHalfToDouble() {
        for r in [0.5, 0.75, 1.25, 1.5, 2.0] { #expect(PlaybackRate(r).stretchesAudio, "\(r)") }
        for r in [1.0, 0.0, 0.499, 2.001, 3.0, -1.0, -0.5] { #expect(!PlaybackRate(r).stretchesAudio, "\(r)") }
    }
}

private func * (n: Int64, t: MediaTime) -> MediaTime { t.multiplied(by: n) }
