import Synchronization

/// A source that plays a `LoopRecording` again: the same pictures and sound, at the same times,
/// out of memory. Nothing to decode, so it never waits; sought, it starts at the first picture
/// and sound that end after the target, or, backwards, at the last picture that starts at or
/// before it, and goes down from there with no sound.
public final class ReplaySource: MediaSource {
    private struct Cursor {
        var video = 0
        var audio = 0
        var videoEnabled = true
        var audioEnabled = true
        var closed = false
        var backwards = false
    }

    public let info: MediaInfo
    private let frames: [VideoFrame]
    private let sound: [AudioBuffer]
    private let cursor = Mutex(Cursor())

    public init(_ recording: LoopRecording, info: MediaInfo) {
        self.info = info
        frames = recording.frames
        sound = recording.sound
    }

    public func start(wake: @escaping @Sendable () -> Void) {}

    public func pullVideo() -> SourcePull<VideoFrame> {
        cursor.withLock { c in
            guard !c.closed, c.videoEnabled, c.video >= 0, c.video < frames.count else { return .endOfStream }
            defer { c.video += c.backwards ? -1 : 1 }
            return .element(frames[c.video])
        }
    }

    public func pullAudio() -> SourcePull<AudioBuffer> {
        cursor.withLock { c in
            guard !c.closed, c.audioEnabled, !c.backwards, c.audio < sound.count else { return .endOfStream }
            defer { c.audio += 1 }
            return .element(sound[c.audio])
        }
    }

    public func seek(to time: MediaTime, backwards: Bool) {
        cursor.withLock { c in
            c.backwards = backwards
            c.video = backwards ? frames.lastIndex { $0.pts <= time } ?? -1 : frames.firstIndex { $0.end > time } ?? frames.count
            c.audio = sound.firstIndex { $0.end > time } ?? sound.count
        }
    }

    public func setEnabled(_ enabled: Bool, mediaType: MediaType) {
        cursor.withLock { c in
            if mediaType == .video { c.videoEnabled = enabled } else { c.audioEnabled = enabled }
        }
    }

    public func loadedTimeRanges() -> [MediaTimeRange] {
        [MediaTimeRange(start: .zero, duration: info.duration)]
    }

    public func close() {
        cursor.withLock { $0.closed = true }
    }
}
