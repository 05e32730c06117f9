import PlayheadCore

/// `tracks` and `track audio|subtitles ...`: the playing item's selection groups.
extension CommandRouter {
    func tracksReply() -> Reply {
        let groups = player.selectionGroups()
        guard !groups.isEmpty else { return .error(Self.noTracks) }
        let selection = player.currentSelection()
        let listed: [ReplyValue.Field] = groups.map { group in
            let options: [ReplyValue] = group.options.map { o in
                .object([.init("track", .int(o.trackID)), .init("language", .optional(o.languageCode)),
                         .init("title", .optional(o.title)), .init("kinds", .list(o.traits.names.map { .string($0) })),
                         .init("codec", .string(o.codec)), .init("selected", .bool(selection[group.characteristic] == o)),
                         .init("file", .optional(o.file.map { $0.split(separator: "/").last.map(String.init) ?? $0 }))])
            }
            return .init(group.characteristic.consoleWord, .list(options))
        }
        return .ok(.object(listed))
    }

    func selectTrack(_ characteristic: MediaCharacteristic, _ choice: TrackChoice) -> Reply {
        guard let group = player.selectionGroups().first(where: { $0.characteristic == characteristic }) else {
            return .error("the item playing has no \(characteristic.consoleWord) tracks to choose from")
        }
        switch choice.option(in: group) {
        case .failure(let refusal): return .error(refusal.message)
        case .success(let option):
            if let refusal = player.select(option, in: group) { return .error(refusal) }
            return .ok(.object([.init(characteristic.consoleWord, .string(option?.displayName ?? "off"))]))
        }
    }

    static let noTracks = "nothing plays, or the item playing has no sound or subtitle tracks to choose from"
}
