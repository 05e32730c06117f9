/// One choice in a selection group (AVMediaSelectionOption): a track of the item, with what
/// its container says about it, or a subtitle file beside the item's file.
public struct MediaSelectionOption: Sendable, Hashable, CustomStringConvertible {
    public var characteristic: MediaCharacteristic
    /// The track it plays (`TrackInfo.trackID`).
    public var trackID: Int
    /// ISO 639 code as the container spells it ("eng", "fre", "de"); nil when it does not say.
    public var language: String?
    public var title: String?
    public var traits: TrackTraits
    public var codec: String
    /// A subtitle file beside the media (`film.en.srt` beside `film.mkv`); nil for a track of
    /// the item's own file.
    public var file: String?

    public init(characteristic: MediaCharacteristic, trackID: Int, language: String?, title: String?,
                traits: TrackTraits, codec: String, file: String? = nil) {
        self.file = file
        self.characteristic = characteristic
        self.trackID = trackID
        self.language = language
        self.title = title
        self.traits = traits
        self.codec = codec
    }

    public init?(track: TrackInfo) {
        switch track.mediaType {
        case .audio: characteristic = .audible
        case .subtitle: characteristic = .legible
        default: return nil
        }
        trackID = track.trackID
        language = track.language
        title = track.title
        traits = track.traits
        codec = track.codec
    }

    /// Its language as ISO 639-1 where one exists ("fre" and "fra" are both "fr").
    public var languageCode: String? { language.map(LanguageCode.normalized) }

    /// What a person reads in a list: "fr \"Commentaire\" (commentary)", "track 3".
    public var displayName: String {
        var parts = [languageCode ?? "track \(trackID)"]
        if let title, !title.isEmpty { parts.append("\"\(title)\"") }
        if let file { parts.append("from \(file.split(separator: "/").last.map(String.init) ?? file)") }
        let traitNames = traits.subtracting(.main).names
        if !traitNames.isEmpty { parts.append("(\(traitNames.joined(separator: ", ")))") }
        return parts.joined(separator: " ")
    }

    public var description: String { "\(characteristic.consoleWord) \(trackID): \(displayName)" }
}
