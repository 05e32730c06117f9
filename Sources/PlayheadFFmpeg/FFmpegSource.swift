import CFFmpeg
import PlayheadCore
import PlayheadSys
import Synchronization

/// An opened item: one demux thread and one decode thread per played track, joined by bounded
/// queues, so memory stays bounded whatever the file holds.
final class FFmpegSource: MediaSource, @unchecked Sendable {
    struct Track {
        let index: Int
        let timing: StreamTimeBase
        let decoder: Decoder
        let frameDuration: MediaTime
        /// From the stream's display matrix: how pictures must be turned to stand upright.
        var rotation: PictureRotation = .none
        /// The stream's average rate in frames per 1000 s; nil when it does not say.
        var nominalFrameRate: Int?
        /// A still picture: its one frame lasts `frameDuration`, whatever the file says.
        var isStill = false
        /// The container's pixel shape (MP4's pasp, Matroska's display size), which wins over
        /// the codec's; 0:0 when it says none.
        var containerAspect = AVRational(num: 0, den: 1)
    }

    struct Control {
        /// A seek for the demuxer, with the epoch its packets are to carry.
        var request: (target: MediaTime, backwards: Bool, epoch: UInt64)?
        var closed = false
        var enabled: [MediaType: Bool] = [.video: true, .audio: true]
        var loaded: MediaTimeRange?
        /// A sound track selected while playing, for the demuxer, and the item time it is
        /// wanted from.
        var audioSwitch: (index: Int, from: MediaTime)?
        var wake: (@Sendable () -> Void)?
    }

    struct PullState {
        var videoEndedEpoch: UInt64?
        var audioEndedEpoch: UInt64?
    }

    let info: MediaInfo
    let location: MediaLocation
    let options: SourceOptions
    let format: FormatContext
    let video: Track?
    let audio: Track?
    let resampler: Resampler

    let epoch = Atomic<UInt64>(0)
    /// The stream whose packets go to the audio decoder: the opened track's, then the one
    /// selected while playing (see `selectAudioTrack`).
    let audioRoute: Atomic<Int>
    let videoSkip = Atomic<Int>(DecodeSkip.none.rawValue)
    /// The most decoded pictures a reverse pass held at once, for tests: the bound on memory.
    let reverseFramesHeldMost = Atomic<Int>(0)
    let control = ConditionLock()
    var state = Control()
    let pullState = Mutex(PullState())

    let videoPackets = BoundedQueue<Tagged<PacketItem>>(capacity: 96)
    let audioPackets = BoundedQueue<Tagged<PacketItem>>(capacity: 192)
    let videoFrames = BoundedQueue<Tagged<DecodedItem<VideoFrame>>>(capacity: 6)
    let audioFrames = BoundedQueue<Tagged<DecodedItem<AudioBuffer>>>(capacity: 32)
    private var threads: [WorkerThread] = []

    convenience init(location: MediaLocation, options: SourceOptions) throws(PlaybackError) {
        try self.init(probe: FFmpegProbe(location: location, options: options), options: options)
    }

    /// Opens the decoders on a probed container, which the source owns from now on.
    init(probe: FFmpegProbe, options: SourceOptions) throws(PlaybackError) {
        let location = probe.location
        self.location = location
        self.options = options
        let format = probe.format
        self.format = format
        var info = probe.info
        // The probe may have been made for the asset's keys: the duration is this item's.
        let still = StillPicture.isStill(info)
        if still { info = StillPicture.showing(info, for: options.stillDuration) }
        let videoIndex = format.bestStream(AVMEDIA_TYPE_VIDEO).flatMap { i in
            info.tracks.contains { $0.trackID == i } ? i : nil
        }
        // The probe's: its tracks' and the subtitle files beside it.
        let groups = info.selectionGroups
        let chosenAudio = options.audioTrackID.flatMap { id in
            groups.first { $0.characteristic == .audible }?.option(trackID: id)?.trackID
        }
        let audioIndex = chosenAudio ?? format.bestStream(AVMEDIA_TYPE_AUDIO)
        var firstError: PlaybackError?
        func makeTrack(_ index: Int?) -> Track? {
            guard let index else { return nil }
            do throws(PlaybackError) {
                return try Self.makeTrack(format: format, index: index, options: options, still: still)
            } catch {
                firstError = firstError ?? error
                return nil
            }
        }
        let video = makeTrack(videoIndex), audio = makeTrack(audioIndex)
        self.video = video
        self.audio = audio
        if video == nil && audio == nil {
            throw firstError ?? PlaybackError(.noPlayableTracks, "\(location): no audio or video track (format \(info.formatName)); check the file")
        }
        // Keep only the tracks we decode, so that clients see what will play; the groups keep
        // every choice.
        info.selectionGroups = groups
        info.tracks.removeAll { t in
            (t.mediaType == .video && t.trackID != video?.index) || (t.mediaType == .audio && t.trackID != audio?.index)
        }
        self.info = info
        resampler = Resampler(output: options.audioFormat)
        audioRoute = Atomic(audio?.index ?? -1)
        self.format.discardAll(except: Set([video?.index, audio?.index].compactMap { $0 }))
    }

    func start(wake: @escaping @Sendable () -> Void) {
        control.withLock { state.wake = wake }
        threads.append(WorkerThread(name: "ph-demux") { [self] in WorkerThread.giveWayAsDecoding(); runDemuxer() })
        if let video {
            threads.append(WorkerThread(name: "ph-vdec") { [self] in WorkerThread.giveWayAsDecoding(); runVideoDecoder(video) })
        }
        if let audio {
            threads.append(WorkerThread(name: "ph-adec") { [self] in WorkerThread.giveWayAsDecoding(); runAudioDecoder(audio) })
        }
    }

    func notifyConsumer() {
        let wake = control.withLock { state.wake }
        wake?()
    }

    func isEnabled(_ type: MediaType) -> Bool {
        control.withLock { state.enabled[type] ?? false }
    }

    func pullVideo() -> SourcePull<VideoFrame> {
        guard video != nil, isEnabled(.video) else { return .endOfStream }
        return pull(videoFrames, ended: \.videoEndedEpoch)
    }

    func pullAudio() -> SourcePull<AudioBuffer> {
        guard audio != nil, isEnabled(.audio) else { return .endOfStream }
        return pull(audioFrames, ended: \.audioEndedEpoch)
    }

    private func pull<T>(_ queue: BoundedQueue<Tagged<DecodedItem<T>>>,
                         ended: WritableKeyPath<PullState, UInt64?>) -> SourcePull<T> {
        let current = epoch.load(ordering: .acquiring)
        if pullState.withLock({ $0[keyPath: ended] }) == current { return .endOfStream }
        while true {
            switch queue.tryPop() {
            case .element(let tagged):
                guard tagged.epoch == current else { continue }
                switch tagged.value {
                case .element(let e): return .element(e)
                case .end:
                    pullState.withLock { $0[keyPath: ended] = current }
                    return .endOfStream
                case .failed(let error): return .failed(error)
                }
            case .empty: return .pending
            case .ended, .closed: return .endOfStream
            }
        }
    }

    func seek(to time: MediaTime, backwards: Bool) {
        // In this order: from the new epoch on, every queue refuses what the threads still
        // push for the old one; the flushes drop what is queued; only then does the demuxer get
        // the request. Published before the flushes, the request let the demuxer read for the
        // seek, even to the end of the file, and the flushes threw that away.
        let tag = epoch.add(1, ordering: .releasing).newValue
        for q in [videoPackets, audioPackets] { q.flush() }
        videoFrames.flush()
        audioFrames.flush()
        control.withLock {
            state.request = (time, backwards, tag)
            state.loaded = nil
            control.broadcast()
        }
    }

    func setDecodeSkip(_ skip: DecodeSkip) {
        videoSkip.store(skip.rawValue, ordering: .relaxed)
    }

    func setEnabled(_ enabled: Bool, mediaType: MediaType) {
        control.withLock { state.enabled[mediaType] = enabled }
        guard !enabled else { return }
        switch mediaType {
        case .video: videoPackets.flush(); videoFrames.flush()
        case .audio: audioPackets.flush(); audioFrames.flush()
        default: break
        }
    }

    func loadedTimeRanges() -> [MediaTimeRange] {
        control.withLock { state.loaded.map { [$0] } ?? [] }
    }

    func close() {
        let first = control.withLock { () -> Bool in
            defer { state.closed = true; control.broadcast() }
            return !state.closed
        }
        guard first else { return }
        format.abort()
        for q in [videoPackets, audioPackets] { q.close() }
        videoFrames.close()
        audioFrames.close()
        for t in threads { t.join() }
        threads.removeAll()
    }

    deinit { close() }
}
