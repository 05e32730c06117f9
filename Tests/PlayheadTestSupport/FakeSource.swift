import Playhead
import Synchronization
import Glibc

/// A source that makes frames on demand: `frameCount` video frames at `fps` and audio in
/// 1024-frame buffers, every keyframeInterval-th frame a keyframe. Pulls never wait, so tests
/// on a virtual clock are deterministic.
public final class FakeSource: MediaSource {
    struct State {
        var nextFrame = 0
        var nextAudioFrame: Int64 = 0
        var videoEnabled = true
        var audioEnabled = true
        var backwards = false
        var reverseFrom = 0
        var closed = false
        /// The sound track played: its samples are 0.25 times its place among the tracks, plus one.
        var audioTrack = 1
        /// Keyframes only, as FFmpeg's decoder leaves the rest out: decoded, never handed over.
        var keyframesOnly = false
    }

    public let info: MediaInfo
    let frameCount: Int
    let fps: Int32
    let keyframeInterval: Int
    let audioFormat: AudioFormat
    let audioFrames: Int64
    let failAfterFrame: Int?
    let gate: FakeGate?
    private let state = Mutex(State())

    public init(frameCount: Int = 50, fps: Int32 = 25, hasAudio: Bool = true, keyframeInterval: Int = 12,
                audioFormat: AudioFormat = .standard, failAfterFrame: Int? = nil, hasVideo: Bool = true,
                gate: FakeGate? = nil, size: PixelSize = PixelSize(width: 16, height: 16), isLive: Bool = false,
                audioLanguages: [String] = [], audioTrackID: Int? = nil) {
        self.gate = gate
        self.frameCount = frameCount
        self.fps = fps
        self.keyframeInterval = keyframeInterval
        self.audioFormat = audioFormat
        self.failAfterFrame = failAfterFrame
        let duration = MediaTime(value: Int64(frameCount), timescale: fps)
        audioFrames = hasAudio ? duration.converted(to: Int32(audioFormat.sampleRate)).value : 0
        var tracks: [TrackInfo] = []
        if hasVideo {
            tracks.append(TrackInfo(trackID: 0, mediaType: .video, codec: "fake", naturalSize: size,
                                    frameRate: MediaTime(value: Int64(fps), timescale: 1), duration: duration))
        }
        if hasAudio {
            // One track per language (track IDs 1, 2...), or one with none.
            for (k, language) in (audioLanguages.isEmpty ? [nil] : audioLanguages.map(Optional.some)).enumerated() {
                tracks.append(TrackInfo(trackID: 1 + k, mediaType: .audio, codec: "fake", sampleRate: audioFormat.sampleRate,
                                        channelCount: audioFormat.channels, language: language, duration: duration))
            }
        }
        // Live: as a stream over the network says it, with no end and no seeking.
        var info = MediaInfo(tracks: tracks, duration: isLive ? .indefinite : duration, isSeekable: !isLive, isLocal: !isLive,
                             formatName: "fake")
        info.selectionGroups = MediaSelectionGroup.groups(of: info)
        let audioIDs = tracks.filter { $0.mediaType == .audio }.map(\.trackID)
        let played = audioTrackID.flatMap { audioIDs.contains($0) ? $0 : nil } ?? 1
        info.tracks.removeAll { $0.mediaType == .audio && $0.trackID != played }
        self.info = info
        state.withLock { $0.audioTrack = played }
    }

    /// The level of every sample of a sound track's sound: which track a sink heard.
    public static func level(ofAudioTrack trackID: Int) -> Float { 0.25 * Float(trackID) }

    public func selectAudioTrack(_ trackID: Int, from time: MediaTime) throws(SelectionRefusal) {
        guard info.selectionGroups.first(where: { $0.characteristic == .audible })?.option(trackID: trackID) != nil else {
            throw SelectionRefusal("fake: track \(trackID) is not one of its sound tracks")
        }
        state.withLock { s in
            s.audioTrack = trackID
            s.nextAudioFrame = MediaTime.maximum(time, .zero).converted(to: Int32(audioFormat.sampleRate)).value
        }
    }

    public func start(wake: @escaping @Sendable () -> Void) { gate?.register(wake) }

    public func pullVideo() -> SourcePull<VideoFrame> {
        if gate?.isOpen == false { return .pending }
        return state.withLock { s in
            guard info.hasVideo, s.videoEnabled, !s.closed else { return .endOfStream }
            if !s.backwards, gate?.holds(MediaTime(value: Int64(s.nextFrame), timescale: fps), .video) == true { return .pending }
            if let fail = failAfterFrame, s.nextFrame >= fail {
                return .failed(PlaybackError(.readFailed, "fake: read failed at frame \(fail)"))
            }
            if s.backwards {
                guard s.nextFrame >= 0 else { return .endOfStream }
                defer { s.nextFrame -= 1 }
                return .element(frame(s.nextFrame))
            }
            if s.keyframesOnly {
                while s.nextFrame < frameCount && s.nextFrame % keyframeInterval != 0 { s.nextFrame += 1 }
            }
            guard s.nextFrame < frameCount else { return .endOfStream }
            defer { s.nextFrame += 1 }
            return .element(frame(s.nextFrame))
        }
    }

    public func pullAudio() -> SourcePull<AudioBuffer> {
        if gate?.isOpen == false { return .pending }
        return state.withLock { s in
            guard audioFrames > 0, s.audioEnabled, !s.backwards, !s.closed else { return .endOfStream }
            guard s.nextAudioFrame < audioFrames else { return .endOfStream }
            let n = Int(min(1024, audioFrames - s.nextAudioFrame))
            let pts = MediaTime(value: s.nextAudioFrame, timescale: Int32(audioFormat.sampleRate))
            if gate?.holds(pts, .audio) == true { return .pending }
            s.nextAudioFrame += Int64(n)
            return .element(AudioBuffer(pts: pts, format: audioFormat,
                                        samples: [Float](repeating: Self.level(ofAudioTrack: s.audioTrack), count: n * audioFormat.channels)))
        }
    }

    private func frame(_ n: Int) -> VideoFrame {
        VideoFrame(pts: MediaTime(value: Int64(n), timescale: fps), duration: MediaTime(value: 1, timescale: fps),
                   isKeyframe: n % keyframeInterval == 0, picture: FakePicture(number: n))
    }

    public func seek(to time: MediaTime, backwards: Bool) {
        gate?.noteSeek(to: time)
        state.withLock { s in
            let target = Int(MediaTime.maximum(time, .zero).converted(to: fps).value)
            let clamped = min(target, frameCount)
            s.backwards = backwards
            if backwards {
                s.nextFrame = min(clamped, frameCount - 1)
            } else {
                let key = clamped - clamped % keyframeInterval
                s.nextFrame = key
                s.nextAudioFrame = MediaTime(value: Int64(key), timescale: fps).converted(to: Int32(audioFormat.sampleRate)).value
            }
        }
    }

    public func setDecodeSkip(_ skip: DecodeSkip) {
        gate?.noteSkip(skip)
        state.withLock { $0.keyframesOnly = skip >= .nonKey }
    }

    public func setEnabled(_ enabled: Bool, mediaType: MediaType) {
        state.withLock { s in
            if mediaType == .video { s.videoEnabled = enabled }
            if mediaType == .audio { s.audioEnabled = enabled }
        }
    }

    public func loadedTimeRanges() -> [MediaTimeRange] {
        [MediaTimeRange(start: .zero, end: gate?.loadedUntil.map { MediaTime.minimum($0, info.duration) } ?? info.duration)]
    }
    public func close() {
        gate?.waitWhileClosesHeld()
        state.withLock { $0.closed = true }
    }
}

/// Opens "fake://N" locations... by path: "fake-<frames>[-noaudio][-fail<k>][-hd][-live][-audio_<lang>_<lang>...]"
/// (-audio_: one sound track per language, track IDs from 1; -hd: it
/// says its pictures are 1920x1080, for the decode budget; they are still 16x16; -live: it says
/// it is a live stream, with no end and no seeking, though it ends after its frames); anything else
/// fails as not found. Counts its probes, so tests can tell that an item was opened once.
public struct FakeBackend: MediaBackend {
    let gate: FakeGate?
    public let probes = Counter()
    public init(gate: FakeGate? = nil) { self.gate = gate }
    public func probe(_ location: MediaLocation, options: SourceOptions) throws(PlaybackError) -> any ProbedMedia {
        probes.increment()
        let parts = location.string.split(separator: "-")
        guard parts.first == "fake", parts.count >= 2, let frames = Int(parts[1]) else {
            throw PlaybackError(.fileNotFound, "\(location): no such file; check the path")
        }
        let noAudio = parts.contains("noaudio")
        let fail = parts.first { $0.hasPrefix("fail") }.flatMap { Int($0.dropFirst(4)) }
        let size = parts.contains("hd") ? PixelSize(width: 1920, height: 1080) : PixelSize(width: 16, height: 16)
        let languages = parts.first { $0.hasPrefix("audio_") }.map { $0.split(separator: "_").dropFirst().map(String.init) } ?? []
        return FakeProbe(frames: frames, hasAudio: !noAudio, failAfterFrame: fail, gate: gate, size: size, isLive: parts.contains("live"),
                         audioLanguages: languages)
    }
}

/// A thread-safe count, for what fakes want to tell tests.
public final class Counter: Sendable {
    private let value = Mutex(0)
    public init() {}
    public func increment() { value.withLock { $0 += 1 } }
    public var count: Int { value.withLock { $0 } }
}

final class FakeProbe: ProbedMedia {
    let frames: Int, hasAudio: Bool, failAfterFrame: Int?, gate: FakeGate?, size: PixelSize, isLive: Bool
    let audioLanguages: [String]
    init(frames: Int, hasAudio: Bool, failAfterFrame: Int?, gate: FakeGate?, size: PixelSize, isLive: Bool, audioLanguages: [String]) {
        self.audioLanguages = audioLanguages
        self.size = size
        self.isLive = isLive
        self.frames = frames
        self.hasAudio = hasAudio
        self.failAfterFrame = failAfterFrame
        self.gate = gate
    }
    var info: MediaInfo {
        var all = FakeSource(frameCount: frames, hasAudio: hasAudio, audioFormat: .standard, failAfterFrame: failAfterFrame, gate: nil, size: size,
                             isLive: isLive, audioLanguages: audioLanguages).info
        // As a container's probe: every track.
        all.tracks += all.selectionGroups.flatMap(\.options).filter { o in !all.tracks.contains { $0.trackID == o.trackID } }.map {
            TrackInfo(trackID: $0.trackID, mediaType: .audio, codec: $0.codec, language: $0.language)
        }
        return all
    }
    func makeSource(options: SourceOptions) throws(PlaybackError) -> any MediaSource {
        FakeSource(frameCount: frames, hasAudio: hasAudio, audioFormat: options.audioFormat, failAfterFrame: failAfterFrame, gate: gate, size: size,
                   isLive: isLive, audioLanguages: audioLanguages, audioTrackID: options.audioTrackID)
    }
    func close() {}
}

/// Holds a fake source's output back, as a slow decoder or network would: pulls are pending
/// while the gate is shut, or from a given time on while it holds there; opening it wakes the
/// consumers.
public final class FakeGate: Sendable {
    private let state = Mutex<(open: Bool, holdFrom: MediaTime?, videoOnly: Bool, wakes: [@Sendable () -> Void])>((true, nil, false, []))

    public init() {}

    public var isOpen: Bool { state.withLock { $0.open } }
    public func shut() { state.withLock { $0.open = false } }

    /// Media from `time` on stays pending until `open()`: playback runs up to there and waits,
    /// at a place the test knows.
    /// With `decoderOnly`, only the pictures wait, while the item reads as loaded to its end
    /// and the sound goes on: a video decoder that cannot keep up, not a starved source.
    public func hold(from time: MediaTime, decoderOnly: Bool = false) {
        state.withLock { $0.holdFrom = time; $0.videoOnly = decoderOnly }
    }

    func holds(_ time: MediaTime, _ type: MediaType) -> Bool {
        state.withLock { s in (type == .video || !s.videoOnly) && s.holdFrom.map { time >= $0 } == true }
    }

    /// How far the source has read: up to the hold, unless only the decoder is held.
    var loadedUntil: MediaTime? { state.withLock { $0.videoOnly ? nil : $0.holdFrom } }

    public func open() {
        let wakes = state.withLock { s in
            s.open = true
            s.holdFrom = nil
            s.videoOnly = false
            return s.wakes
        }
        for wake in wakes { wake() }
    }

    func register(_ wake: @escaping @Sendable () -> Void) { state.withLock { $0.wakes.append(wake) } }

    private let skips = Mutex([DecodeSkip]())
    /// Every decode skip level the sources behind this gate were told, in order.
    public var decodeSkips: [DecodeSkip] { skips.withLock { $0 } }
    func noteSkip(_ skip: DecodeSkip) { skips.withLock { $0.append(skip) } }

    private let closes = Mutex((held: false, started: 0, finished: 0, nices: [Int]()))

    /// While held, a source's close waits (as a real one joins its threads), at most 60 s so
    /// that a failing test does not hang; polled every millisecond on the closing thread.
    public func holdCloses() { closes.withLock { $0.held = true } }
    public func releaseCloses() { closes.withLock { $0.held = false } }
    /// How many closes have begun.
    public var closesStarted: Int { closes.withLock { $0.started } }
    /// How many closes have returned.
    public var closesFinished: Int { closes.withLock { $0.finished } }

    private let seekWatch = Mutex<(@Sendable (MediaTime) -> Void)?>(nil)
    /// Called (on the caller's thread) with each seek's target.
    public func watchSeeks(_ watch: @escaping @Sendable (MediaTime) -> Void) { seekWatch.withLock { $0 = watch } }
    func noteSeek(to time: MediaTime) { seekWatch.withLock { $0 }?(time) }

    /// The nice level of each thread a close ran on (from /proc/thread-self/stat).
    public var closeNices: [Int] { closes.withLock { $0.nices } }

    func waitWhileClosesHeld() {
        let nice = Self.currentThreadNice()
        closes.withLock { $0.started += 1; if let nice { $0.nices.append(nice) } }
        var waited = 0
        while closes.withLock({ $0.held }) && waited < 60_000 {
            usleep(1000)
            waited += 1
        }
        closes.withLock { $0.finished += 1 }
    }

    /// The 19th field of /proc/thread-self/stat (after the command, which is in parentheses).
    static func currentThreadNice() -> Int? {
        guard let file = fopen("/proc/thread-self/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }
}
