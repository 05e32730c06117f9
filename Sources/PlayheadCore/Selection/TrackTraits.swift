/// What a container says a track is for, beyond its type and language (FFmpeg's dispositions,
/// AVFoundation's media characteristics): what automatic selection weighs.
public struct TrackTraits: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The container marks it as the one to play when nobody chose.
    public static let main = TrackTraits(rawValue: 1 << 0)
    /// Subtitles only for what is not in the audio's language (a sign, a foreign line).
    public static let forced = TrackTraits(rawValue: 1 << 1)
    public static let commentary = TrackTraits(rawValue: 1 << 2)
    /// Subtitles for the deaf and hard of hearing (sounds described too).
    public static let hearingImpaired = TrackTraits(rawValue: 1 << 3)
    /// Closed captions (CEA-608/708 or a captions track).
    public static let captions = TrackTraits(rawValue: 1 << 4)
    /// Audio that describes the picture for the blind.
    public static let describesVideo = TrackTraits(rawValue: 1 << 5)

    /// The traits that make an option a poor automatic choice: someone asks for them.
    public static let special: TrackTraits = [.commentary, .describesVideo, .hearingImpaired, .captions]

    /// Words for the console and the API's JSON, in a fixed order.
    public var names: [String] {
        let all: [(TrackTraits, String)] = [(.main, "main"), (.forced, "forced"), (.commentary, "commentary"),
                                            (.hearingImpaired, "hearing-impaired"), (.captions, "captions"),
                                            (.describesVideo, "describes-video")]
        return all.filter { contains($0.0) }.map(\.1)
    }
}
