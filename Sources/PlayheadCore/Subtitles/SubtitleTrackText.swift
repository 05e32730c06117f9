/// A text subtitle track read whole: its cues in time order and the ASS header (styles, the
/// script's own resolution) they are drawn with.
public struct SubtitleTrackText: Sendable, Equatable {
    public var header: String
    public var schedule: SubtitleSchedule
    public var codec: String

    public init(header: String, schedule: SubtitleSchedule, codec: String) {
        self.header = header
        self.schedule = schedule
        self.codec = codec
    }
}
