/// Chooses the `DecodeSkip` level for one item from how late its pictures are handed to the
/// display and how far apart its keyframes come.
///
/// Keyframes only is the one level that hides the picture: nothing is shown until the next
/// keyframe. With keyframes a second or two apart that is a short freeze that puts the picture
/// back on time; with keyframes eight seconds apart (common in files made for streaming) it
/// left a board showing 17 of 300 frames. So it is used beyond one second late while keyframes
/// may come within two seconds (the last two came that close, or no more than two seconds have
/// passed since the last one), and otherwise only once the picture trails the sound by more
/// than five seconds, when it has stopped being of use anyway.
public struct DecodeSkipPolicy: Sendable {
    public private(set) var level: DecodeSkip = .none
    /// The gap between the last two keyframes seen, nil until two have come in order.
    public private(set) var keyframeSpacing: MediaTime?
    private var lastKeyframe: MediaTime?
    private var lastFrame: MediaTime?

    static let closeKeyframes = MediaTime(value: 2, timescale: 1)
    /// The least it leaves out, whatever the lateness: the decode budget's keyframes-only.
    public let floor: DecodeSkip

    public init(floor: DecodeSkip = .none) {
        self.floor = floor
        level = floor
    }

    /// Notes a decoded frame, in presentation order; a time going back (a seek, a loop)
    /// starts the spacing afresh from that keyframe.
    public mutating func observe(pts: MediaTime, isKeyframe: Bool) {
        guard pts.isNumeric else { return }
        lastFrame = pts
        guard isKeyframe else { return }
        if let last = lastKeyframe, pts > last { keyframeSpacing = pts - last }
        lastKeyframe = pts
    }

    /// The level for a frame handed over `latenessNanoseconds` after its time. Levels go up as
    /// the lateness grows and come down only once frames are back within 10 ms (hysteresis:
    /// no flapping). Returns true when the level changed.
    public mutating func update(latenessNanoseconds late: Int64) -> Bool {
        let before = level
        if late < 10_000_000 {
            level = .none
        } else if late > 5_000_000_000 || (late > 1_000_000_000 && keyframesAreClose) {
            level = .nonKey
        } else if late > 250_000_000 {
            level = max(level, .nonReferenceUnfiltered)
        } else if late > 80_000_000 {
            level = max(level, .nonReference)
        }
        level = max(level, floor)
        return level != before
    }

    private var keyframesAreClose: Bool {
        if let spacing = keyframeSpacing { return spacing <= Self.closeKeyframes }
        guard let key = lastKeyframe, let frame = lastFrame else { return true }
        return frame - key <= Self.closeKeyframes
    }
}
