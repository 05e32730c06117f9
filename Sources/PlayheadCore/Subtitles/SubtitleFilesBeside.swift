/// Subtitle files beside a media file, as players name them: `film.srt`, `film.en.srt`,
/// `film.fr.forced.vtt`, `film.de.sdh.ass` beside `film.mkv`. Each is offered as a subtitle
/// option of the item, with the language and kinds its name says.
public enum SubtitleFilesBeside {
    public static let extensions: Set<String> = ["srt", "vtt", "ass", "ssa"]
    /// A stranger's folder of ten thousand `.srt` files must not make ten thousand options.
    public static let most = 16
    /// The track numbers external files take: far above any container's own.
    public static let firstTrackID = 1000

    /// The options for `mediaName`'s subtitle files among `names` (one folder's), sorted by name.
    public static func options(mediaName: String, folder: String, names: [String]) -> [MediaSelectionOption] {
        guard let dot = mediaName.lastIndex(of: "."), dot != mediaName.startIndex else { return [] }
        let stem = String(mediaName[..<dot])
        let found = names.sorted().compactMap { name -> (String, [Substring], String)? in
            guard name.count <= 255, name.hasPrefix(stem + "."), name != mediaName else { return nil }
            let rest = name.dropFirst(stem.count + 1).split(separator: ".", omittingEmptySubsequences: false)
            guard let ext = rest.last?.lowercased(), extensions.contains(ext), rest.count <= 4 else { return nil }
            return (name, Array(rest.dropLast()), ext)
        }
        return found.prefix(most).enumerated().map { n, entry in
            let (name, words, ext) = entry
            var language: String?
            var traits: TrackTraits = []
            for word in words.map({ $0.lowercased() }) {
                switch word {
                case "forced": traits.insert(.forced)
                case "sdh", "cc", "hi": traits.insert(.hearingImpaired)
                // A known code ("en", "fre", "pt-br"), not any word ("final", "mkv").
                default: if language == nil, LanguageCode.isWellFormed(word), LanguageCode.isKnown(word) { language = word }
                }
            }
            return MediaSelectionOption(characteristic: .legible, trackID: firstTrackID + n, language: language, title: nil,
                                        traits: traits, codec: ext == "srt" ? "subrip" : ext == "vtt" ? "webvtt" : "ass",
                                        file: folder + "/" + name)
        }
    }

    /// `groups` with the files added to the subtitle group (made if the item has none).
    public static func adding(_ files: [MediaSelectionOption], to groups: [MediaSelectionGroup]) -> [MediaSelectionGroup] {
        guard !files.isEmpty else { return groups }
        var out = groups
        if let i = out.firstIndex(where: { $0.characteristic == .legible }) {
            out[i].options += files
        } else {
            out.append(MediaSelectionGroup(characteristic: .legible, options: files))
        }
        return out
    }
}
