/// The decoded pictures and sound of a short item's first pass, kept so that the passes of an
/// item looped on its own are played from memory (`ReplaySource`) rather than sought and decoded
/// again: a loop's join then costs no decoding at all, where a seek back to the start made the
/// decoder start over from a keyframe just when the next pass's first pictures were due (on the
/// emulated 6.1 board a picture at each join stayed up to 117 ms instead of 40).
/// Only a whole pass read from its start, every frame decoded, within `byteBudget`, is kept.
public struct LoopRecording: Sendable {
    public enum State: Sendable, Equatable {
        case recording
        /// Every picture and all the sound of the pass are here.
        case complete
        /// The pass did not fit the budget: nothing is kept, and the item is not tried again.
        case refused
    }

    /// Items longer than this are not kept: their join's cost is small beside their length.
    public static let longest = MediaTime(value: 2, timescale: 1)
    /// At most this many bytes of pictures (counted at two bytes a pixel, YUV's upper bound)
    /// and sound: a 1 s clip at 720p is 55 MB, at 320x240 under 4 MB.
    public static let byteBudget = 64 << 20

    public private(set) var frames: [VideoFrame] = []
    public private(set) var sound: [AudioBuffer] = []
    public private(set) var state = State.recording
    public private(set) var bytes = 0
    private var videoDone: Bool
    private var audioDone: Bool

    /// Nil when the item is too long (or of unknown length) to be kept.
    public init?(duration: MediaTime, hasVideo: Bool, hasAudio: Bool) {
        guard duration.isNumeric, duration > .zero, duration <= Self.longest else { return nil }
        videoDone = !hasVideo
        audioDone = !hasAudio
    }

    public mutating func took(_ frame: VideoFrame) {
        guard state == .recording else { return }
        frames.append(frame)
        count(frame.picture.size.width * frame.picture.size.height * 2)
    }

    public mutating func took(_ buffer: AudioBuffer) {
        guard state == .recording else { return }
        sound.append(buffer)
        count(buffer.samples.count * MemoryLayout<Float>.size)
    }

    private mutating func count(_ more: Int) {
        bytes += more
        guard bytes > Self.byteBudget else { return }
        state = .refused
        frames = []
        sound = []
    }

    public mutating func reachedEnd(_ type: MediaType) {
        guard state == .recording else { return }
        if type == .video { videoDone = true } else { audioDone = true }
        if videoDone && audioDone { state = .complete }
    }
}
