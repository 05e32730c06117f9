/// Which selection group an option belongs to (AVMediaCharacteristic's audible and legible).
public enum MediaCharacteristic: String, Sendable, Hashable, CaseIterable {
    /// Sound: exactly one plays (a group that has options never selects none).
    case audible
    /// Subtitles and captions: at most one shows, or none.
    case legible

    /// The word the console uses: `track audio fr`, `track subtitles off`.
    public var consoleWord: String { self == .audible ? "audio" : "subtitles" }

    public init?(consoleWord: String) {
        switch consoleWord.lowercased() {
        case "audio", "sound": self = .audible
        case "subtitles", "subtitle", "subs", "captions": self = .legible
        default: return nil
        }
    }
}
