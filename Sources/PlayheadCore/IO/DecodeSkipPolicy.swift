/// Chooses the `DecodeSkip` level for one item from how late its pictures are handed to the
/// display and how far apart its keyframes come.
///
/// Keyframes only is the one level that hides the picture: nothing is shown until the next
/// keyframe. With keyframes a second or two apart that is a short freeze that puts the picture
/// back on time; with keyframes eight seconds apart (common in files made for streaming) it
/// left a board showing 17 of 300 frames. So it is used beyond one second late only when the
/// keyframes seen are at most two seconds apart, and otherwise only once the picture trails the
/// sound by more than five seconds, when it has stopped being of use anyway.
public struct DecodeSkipPolicy: Sendable {
    public private(set) var level: DecodeSkip = .none
    /// The gap between the last two keyframes seen, nil until two have come in order.
    public private(set) var keyframeSpacing: MediaTime?
    private var lastKeyframe: MediaTime?

    static let closeKeyframes = MediaTime(value: 2, timescale: 1)

    public init() {}

    /// Notes a decoded frame, in presentation order; a time going back (a seek, a loop)
    /// starts the spacing afresh from that keyframe.
    public mutating func observe(pts: MediaTime, isKeyframe: Bool) {
        guard isKeyframe, pts.isNumeric else { return }
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
        return level != before
    }

    private var keyframesAreClose: Bool {
        guard let spacing = keyframeSpacing else { return false }
        return spacing <= Self.closeKeyframes
    }
}
