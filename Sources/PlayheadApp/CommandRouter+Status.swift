import Playhead
import PlayheadSys

extension CommandRouter {
    /// What the status light shows.
    func activity() -> PlayerActivity {
        let stopped = state.withLock { $0.stopped }
        return PlayerActivity(stopped ? .stopped : player.state())
    }

    func status() -> ReplyValue {
        let (playlist, stopped, settings) = state.withLock { s -> (Playlist, Bool, Settings) in
            syncCurrent(&s)
            return (s.playlist, s.stopped, s.settings)
        }
        let current = playlist.entry(id: playlist.currentID)
        let position = playlist.currentPosition.map { "\($0 + 1)/\(playlist.entries.count)" } ?? "-/\(playlist.entries.count)"
        let stats = Dictionary(player.statistics().map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let uptime = Double(hooks.now() - startedAt) / 1e9
        var fields: [ReplyValue.Field] = []
        if let reason = settings[AppOptions.safeMode] { fields.append(.init("safe-mode", .string(reason))) }
        fields += [
            .init("state", .string((stopped ? .stopped : player.state()).rawValue)),
            .init("item", .optional(current?.location)),
        ]
        if let title = current?.title { fields.append(.init("title", .string(title))) }
        // Typed and in two parts: Swift 6.2 (the aarch64 cross build's compiler) gives up
        // type-checking the single literal this once was.
        let volume = (Double(player.volume) * 1000).rounded() / 1000
        let playback: [ReplyValue.Field] = [
            .init("position", .string(position)),
            .init("time", .seconds(player.currentSeconds())),
            .init("duration", .seconds(player.durationSeconds())),
            .init("rate", .double(player.isPaused ? 0 : player.defaultRate)),
            .init("volume", .double(volume)),
            .init("muted", .bool(player.isMuted)),
            .init("loop", .bool(settings[PlayerOptions.loop])),
            .init("route", .optional(player.currentRoute?.name)),
            .init("display", player.displayMode()),
            .init("screen", .optional(player.isScreenOff.map { $0 ? "off" : "on" })),
        ]
        let zero = ReplyValue.int(0)
        let counters: [ReplyValue.Field] = [
            .init("dropped", stats["dropped"] ?? zero),
            .init("late", stats["late"] ?? zero),
            .init("underruns", stats["underruns"] ?? zero),
            .init("stalls", stats["stalls"] ?? zero),
            .init("restarts", stats["restarts"] ?? zero),
            .init("uptime", .seconds(uptime)),
            .init("clock", clock(settings)),
            .init("update", updateReport(settings[AppOptions.updateDir])?.reply ?? Self.noUpdateAgent(settings[AppOptions.updateDir])),
            .init("options", .string(settings.file.map { "\($0.path) (`get` lists every option)" } ?? "defaults and command line")),
        ]
        fields += playback
        // Beside the display, and only on a wall's screens (or with a crop): the rest show the
        // whole picture.
        if let window = player.pictureWindow().field { fields.append(.init(window.name, .string(window.value))) }
        fields += counters
        if let sync = hooks.syncGroup() { fields.append(.init("sync", sync)) }
        if let layers {
            // One line each: `status` is asked often; `layer` gives the details.
            let lines = layers.names.compactMap { name -> ReplyValue? in
                guard let s = layerStatus(name, of: layers) else { return nil }
                let item = s["item"].flatMap { v -> String? in if case .string(let u) = v { return PathName.lastComponent(u) } else { return nil } }
                let state = s["state"].flatMap { v -> String? in if case .string(let t) = v { return t } else { return nil } } ?? "-"
                return .string("\(name): \(state)" + (item.map { " \($0)" } ?? ""))
            }
            fields.append(.init("layers", .list(lines)))
        }
        return .object(fields)
    }

    /// The board's clock line; a missing or odd file says the time is not known to be true.
    func clock(_ settings: Settings) -> ReplyValue {
        let file = settings[AppOptions.clockFile]
        guard case .text(let text) = FileInput.read(file, limit: 4096) else { return ClockReport.reply(nil, file: file) }
        return ClockReport.reply(ClockReport.parse(text), file: file)
    }
}
