import PlayheadCore
import Testing

/// A picture that is only a size: what the recording counts.
private final class SizedPicture: VideoPicture {
    let size: PixelSize
    init(_ width: Int, _ height: Int) { size = PixelSize(width: width, height: height) }
    var pixelFormatName: String { "test" }
    func digest() -> UInt64 { 0 }
    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {}
}

private func frame(_ n: Int, width: Int = 16, height: Int = 16) -> VideoFrame {
    VideoFrame(pts: MediaTime(value: Int64(n), timescale: 25), duration: MediaTime(value: 1, timescale: 25), isKeyframe: n == 0,
               picture: SizedPicture(width, height))
}

private func sound(_ n: Int) -> AudioBuffer {
    AudioBuffer(pts: MediaTime(value: Int64(n) * 1024, timescale: 48000), format: .standard, samples: [Float](repeating: 0, count: 2048))
}

@Suite struct LoopRecordingTests {
    @Test func onlyShortItemsOfAKnownLengthAreKept() {
        #expect(LoopRecording(duration: MediaTime(value: 1, timescale: 1), hasVideo: true, hasAudio: true) != nil)
        #expect(LoopRecording(duration: LoopRecording.longest, hasVideo: true, hasAudio: true) != nil)
        #expect(LoopRecording(duration: LoopRecording.longest + MediaTime(value: 1, timescale: 1000), hasVideo: true, hasAudio: true) == nil)
        #expect(LoopRecording(duration: .indefinite, hasVideo: true, hasAudio: true) == nil)
        #expect(LoopRecording(duration: .zero, hasVideo: true, hasAudio: true) == nil)
    }

    @Test func aPassIsWholeOnceEachOfItsTracksHasEnded() {
        var both = LoopRecording(duration: MediaTime(value: 1, timescale: 1), hasVideo: true, hasAudio: true)!
        both.took(frame(0))
        both.took(sound(0))
        both.reachedEnd(.video)
        #expect(both.state == .recording)
        both.reachedEnd(.audio)
        #expect(both.state == .complete)
        var silent = LoopRecording(duration: MediaTime(value: 1, timescale: 1), hasVideo: true, hasAudio: false)!
        silent.reachedEnd(.video)
        #expect(silent.state == .complete)
    }

    @Test func aPassBeyondTheBudgetIsRefusedAndLetGo() {
        var r = LoopRecording(duration: MediaTime(value: 2, timescale: 1), hasVideo: true, hasAudio: false)!
        // 1080p at two bytes a pixel: about 4 MB a picture, so the 17th passes 64 MB.
        for n in 0..<16 { r.took(frame(n, width: 1920, height: 1080)) }
        #expect(r.state == .recording && r.frames.count == 16)
        r.took(frame(16, width: 1920, height: 1080))
        #expect(r.state == .refused && r.frames.isEmpty)
        r.reachedEnd(.video)
        #expect(r.state == .refused)
    }
}

@Suite struct ReplaySourceTests {
    private func recorded(frames: Int = 5, buffers: Int = 3) -> ReplaySource {
        var r = LoopRecording(duration: MediaTime(value: 1, timescale: 1), hasVideo: true, hasAudio: true)!
        for n in 0..<frames { r.took(frame(n)) }
        for n in 0..<buffers { r.took(sound(n)) }
        r.reachedEnd(.video)
        r.reachedEnd(.audio)
        let info = MediaInfo(tracks: [], duration: MediaTime(value: 1, timescale: 1), isSeekable: true, isLocal: true, formatName: "test")
        return ReplaySource(r, info: info)
    }

    private func videoTimes(_ s: ReplaySource) -> [Int64] {
        var out: [Int64] = []
        while case .element(let f) = s.pullVideo() { out.append(f.pts.value) }
        return out
    }

    @Test func playsThePassAgainInOrderThenEnds() {
        let s = recorded()
        #expect(videoTimes(s) == [0, 1, 2, 3, 4])
        var audio = 0
        while case .element = s.pullAudio() { audio += 1 }
        #expect(audio == 3)
        if case .endOfStream = s.pullVideo() {} else { Issue.record("no end after the last picture") }
    }

    @Test func soughtItStartsAtThePictureOnScreenAtTheTarget() {
        let s = recorded()
        s.seek(to: MediaTime(value: 90, timescale: 1000), backwards: false)
        #expect(videoTimes(s) == [2, 3, 4])
        s.seek(to: MediaTime(value: 90, timescale: 1000), backwards: true)
        #expect(videoTimes(s) == [2, 1, 0])
        if case .element = s.pullAudio() { Issue.record("sound backwards") }
    }

    @Test func aTrackSwitchedOffOrAClosedSourceGivesNothing() {
        let s = recorded()
        s.setEnabled(false, mediaType: .video)
        #expect(videoTimes(s).isEmpty)
        s.setEnabled(true, mediaType: .video)
        #expect(videoTimes(s) == [0, 1, 2, 3, 4])
        s.seek(to: .zero, backwards: false)
        s.close()
        #expect(videoTimes(s).isEmpty)
    }
}
