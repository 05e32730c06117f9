/// What the drawer of subtitles asks the player at each look: which subtitle track shows (an
/// item and its chosen option, as a key its loader understands), where the item is, how fast.
public struct SubtitleMoment: Sendable, Equatable {
    public var track: String
    public var milliseconds: Int64
    public var rate: Double

    public init(track: String, milliseconds: Int64, rate: Double) {
        self.track = track
        self.milliseconds = milliseconds
        self.rate = rate
    }
}
