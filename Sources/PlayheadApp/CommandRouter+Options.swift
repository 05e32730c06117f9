import Playhead

extension CommandRouter {
    func get(_ name: String?) -> Reply {
        let settings = self.settings
        func field(_ d: OptionDeclaration) -> ReplyValue {
            let found = settings.lookup(d.name)
            return .object([.init("name", .string(d.name)), .init("value", found?.0.replyValue ?? .null),
                            .init("from", .string(found?.1.description ?? "unset")), .init("live", .bool(d.live))])
        }
        guard let name else { return .ok(.list(settings.catalog.declarations.map(field))) }
        guard let d = settings.catalog[name] else { return .error(settings.catalog.unknown(name).message + "; usage: get [NAME]") }
        var reply = field(d)
        if case .object(var fields) = reply {
            fields.append(.init("allowed", .string(d.allowed)))
            fields.append(.init("help", .string(d.help)))
            reply = .object(fields)
        }
        return .ok(reply)
    }

    func set(_ name: String, _ raw: String) -> Reply {
        let result = state.withLock { $0.settings.set(name, raw) }
        switch result {
        case .failure(let e): return .error(e.message + "; usage: set NAME VALUE")
        case .success(let value):
            apply([name])
            return .ok(.object([.init(name, value.replyValue)]))
        }
    }

    func reload() -> Reply {
        switch hooks.readOptionsFile() {
        case .failure(let errors):
            return .error("the options file was not applied, the old one stays: \(errors)")
        case .success(let file):
            let changed = state.withLock { $0.settings.replaceFile(file) }
            let live = changed.filter { settings.catalog[$0]?.live == true }
            let fixed = changed.filter { settings.catalog[$0]?.live != true }
            apply(live)
            var fields: [ReplyValue.Field] = [.init("reloaded", .string(file?.path ?? "(no file)")),
                                              .init("applied", .list(live.map { .string($0) }))]
            if !fixed.isEmpty { fields.append(.init("at-next-start", .list(fixed.map { .string($0) }))) }
            return .ok(.object(fields))
        }
    }

    /// Live options take effect at once, whoever changed them (`set`, `reload`, SIGHUP).
    public func apply(_ names: [String]) {
        let s = settings
        for name in names {
            switch name {
            case PlayerOptions.volume.name: player.volume = Float(s[PlayerOptions.volume])
            case PlayerOptions.mute.name: player.isMuted = s[PlayerOptions.mute]
            case PlayerOptions.rate.name:
                let r = s[PlayerOptions.rate]
                if r != 0 {
                    player.defaultRate = r
                    if !player.isPaused { player.setRate(r) }
                }
            case PlayerOptions.loop.name:
                let loop = s[PlayerOptions.loop]
                player.setLooping(loop)
                // The queue given to the player holds the entries before the current one only
                // when looping.
                // Handed over under the lock, as every queue edit is (see CommandRouter+Queue).
                state.withLock { st in
                    syncCurrent(&st)
                    let entries = st.playlist.order(from: st.playlist.currentID, loop: loop)
                    if !entries.isEmpty { player.play(entries: entries) }
                }
            case AppOptions.logLevel.name: hooks.setLogLevel(s[AppOptions.logLevel])
            case AppOptions.events.name: hooks.setEventFormat(s[AppOptions.events])
            default: break
            }
        }
    }

    func help(_ name: String?) -> Reply {
        guard let name else {
            return .ok(.list(CommandGrammar.entries.map { .string(pad($0.usage, 34) + $0.help) }))
        }
        if name == "options" {
            return .ok(.list(settings.catalog.declarations.map { .string(pad($0.name, 20) + $0.help + " (\($0.allowed))") }))
        }
        guard let entry = CommandGrammar.entry(name) else {
            return .error("unknown command '\(name)'; `help` lists the commands")
        }
        return .ok(.object([.init("usage", .string(entry.usage)), .init("help", .string(entry.help))]))
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + "  " : s + String(repeating: " ", count: width - s.count)
    }
}
