/// Which ALSA devices to try, in order, when the sound is opened. A device named in the
/// options is the only one: a person chose it, and falling back would hide their mistake.
/// Otherwise the preferred route, then ALSA's `default`, then every card through `plughw`
/// (which converts any format): a bare board often has no `default` that works. An HDMI card
/// is tried through its own definitions first (SoundCardList.fallbacks).
public enum AudioDeviceChoice {
    public static func candidates(named: String?, preferred: String?, available: [AudioRoute]) -> [String] {
        if let named { return [named] }
        var seen = Set<String>()
        let routes = ([preferred, "default"].compactMap { $0 } + available.map(\.device)).flatMap(SoundCardList.fallbacks(for:))
        return routes.filter { seen.insert($0).inserted }
    }

    /// The one line that says the sound went somewhere nobody named, and why.
    public static func fallbackNote(chosen: String, name: String?, firstTried: String, error: String) -> String {
        let card = name.map { "\($0) (\(chosen))" } ?? chosen
        return "sound: \(firstTried) did not open (\(error)); playing on \(card), the first card that plays; set audio-device to choose"
    }
}
