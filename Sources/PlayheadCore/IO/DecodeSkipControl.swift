/// Decides how much decoding to leave out, from two signs that the machine cannot keep up:
/// frames handed over late (decoding is behind) and frames the display had to drop because
/// drawing the previous one took too long (decoding and drawing together are too much: leaving
/// B-frames undecoded frees time to draw the others). Once skipping, it holds for `hold`
/// frames without trouble before it stops, so the level does not flap frame by frame.
public struct DecodeSkipControl: Sendable, Hashable {
    public private(set) var level: DecodeSkip = .none
    public let hold: Int
    private var calm = 0

    public init(hold: Int = 30) { self.hold = hold }

    /// Called per frame handed to the display. Returns the new level when it changed.
    public mutating func frame(latenessNanoseconds late: Int64, displayDropped: Bool) -> DecodeSkip? {
        var wanted = level.next(latenessNanoseconds: late)
        if displayDropped { wanted = max(wanted, .nonReference) }
        if wanted > level || displayDropped || late >= 10_000_000 {
            calm = 0
        } else {
            calm += 1
            // Easing off: only after a run of good frames.
            if wanted < level && calm < hold { wanted = level }
        }
        guard wanted != level else { return nil }
        level = wanted
        return wanted
    }

    public mutating func reset() {
        level = .none
        calm = 0
    }
}
