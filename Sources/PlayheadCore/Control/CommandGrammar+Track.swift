extension CommandGrammar {
    /// `track audio|subtitles LANGUAGE|N|off`.
    static func parseTrack(_ args: [String]) -> Result<ConsoleCommand, CommandError> {
        let usage = "usage: track audio|subtitles LANGUAGE|N|off"
        guard args.count == 2 else {
            return .failure(CommandError("track needs a kind and a choice; \(usage)"))
        }
        guard let characteristic = MediaCharacteristic(consoleWord: args[0]) else {
            return .failure(CommandError("'\(args[0])' is neither audio nor subtitles; \(usage)"))
        }
        let value = args[1]
        if value.lowercased() == "off" { return .success(.track(characteristic, .off)) }
        if let n = Int(value) {
            guard n >= 0 else { return .failure(CommandError("a track number is 0 or more; \(usage)")) }
            return .success(.track(characteristic, .track(n)))
        }
        guard LanguageCode.isWellFormed(value) else {
            return .failure(CommandError("'\(value)' is not a language code (such as fr, de or pt-BR), a track number or off; \(usage)"))
        }
        return .success(.track(characteristic, .language(value)))
    }
}
