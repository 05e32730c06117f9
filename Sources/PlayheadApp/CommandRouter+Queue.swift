import Playhead

extension CommandRouter {
    // Every queue edit hands its queue to the player inside the lock it was computed under:
    // handed over after it, an edit from another input (socket, buttons, the folder watcher)
    // could land first and then be undone by this one's older queue. The player only posts
    // to its engine, so the lock is never held across playback.

    func stop() {
        player.pause()
        state.withLock { s in
            s.stopped = true
            s.playlist.currentID = s.playlist.entries.first?.id
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: s.settings[PlayerOptions.loop]))
        }
        player.seek(toSeconds: 0, exact: true)
    }

    /// As on a CD player: back one item in the first 3 s of one, else to this one's start.
    func previous() {
        if let t = player.currentSeconds(), t > 3 {
            player.seek(toSeconds: 0, exact: true)
            return
        }
        state.withLock { s in
            syncCurrent(&s)
            let loop = s.settings[PlayerOptions.loop]
            s.playlist.currentID = s.playlist.entry(before: s.playlist.currentID, loop: loop)?.id
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: loop))
        }
    }

    func seek(_ amount: ConsoleCommand.Amount, exact: Bool) -> Reply {
        let target: Double
        switch amount {
        case .absolute(let t): target = t
        case .relative(let d):
            guard let now = player.currentSeconds() else { return .error("nothing is playing to seek in; usage: seek [+|-]SECONDS [exact|fast]") }
            target = max(0, now + d)
        }
        if let d = player.durationSeconds(), target > d {
            return .error("\(ReplyValue.double(target).scalarText) s is past the end (\(ReplyValue.seconds(d).scalarText) s); usage: seek [+|-]SECONDS [exact|fast]")
        }
        player.seek(toSeconds: target, exact: exact)
        return .ok(.object([.init("seek", .seconds(target)), .init("exact", .bool(exact))]))
    }

    func queueReply() -> ReplyValue {
        let playlist = self.playlist
        return .list(playlist.entries.enumerated().map { i, e in
            var fields: [ReplyValue.Field] = [.init("n", .int(i + 1))]
            fields.append(.init("current", .bool(e.id == playlist.currentID)))
            fields.append(.init("location", .string(e.location)))
            if let t = e.title { fields.append(.init("title", .string(t))) }
            return .object(fields)
        })
    }

    func add(_ location: String, at position: Int?) -> Reply {
        let n = state.withLock { s -> Int in
            syncCurrent(&s)
            let entry = s.playlist.add(location, at: position)
            let n = (s.playlist.entries.firstIndex(of: entry) ?? 0) + 1
            let loop = s.settings[PlayerOptions.loop]
            // Nothing playing: the new entry plays; else the queue after the current one grows.
            if s.playlist.currentID == nil || s.emptiedOnPurpose || player.currentEntryID == nil {
                s.playlist.currentID = entry.id
                s.emptiedOnPurpose = false
            }
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: loop))
            return n
        }
        return .ok(.object([.init("added", .string(location)), .init("n", .int(n))]))
    }

    func remove(_ position: Int) -> Reply {
        let outcome = state.withLock { s -> Result<Void, CommandError> in
            syncCurrent(&s)
            let loop = s.settings[PlayerOptions.loop]
            let after = s.playlist.entries.indices.contains(position - 1)
                ? s.playlist.entry(after: s.playlist.entries[position - 1].id, loop: loop) : nil
            guard let removed = s.playlist.remove(at: position) else {
                return .failure(CommandError("there is no item \(position) (the queue has \(s.playlist.entries.count)); usage: remove N"))
            }
            if removed.id == s.playlist.currentID { s.playlist.currentID = after?.id == removed.id ? nil : after?.id }
            if s.playlist.entries.isEmpty { s.emptiedOnPurpose = true }
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: loop))
            return .success(())
        }
        switch outcome {
        case .failure(let e): return .error(e.message)
        case .success: return .done
        }
    }

    func clear() {
        state.withLock { s in
            s.playlist.clear()
            s.emptiedOnPurpose = true
            player.play(entries: [])
        }
    }

    /// The directory or playlist file read again: the entries still there keep playing.
    public func replacePlaylist(with items: [(location: String, title: String?, duration: Double?)]) {
        state.withLock { s in
            syncCurrent(&s)
            let before = s.playlist
            s.playlist.replace(with: items)
            let loop = s.settings[PlayerOptions.loop]
            if s.playlist.entry(id: s.playlist.currentID) == nil {
                // The current one went away (the stick was pulled): the next one still there.
                let gone = before.entries.firstIndex { $0.id == before.currentID } ?? 0
                let survivor = before.entries[min(gone, before.entries.count)...].first { e in s.playlist.entries.contains(e) }
                s.playlist.currentID = survivor?.id ?? s.playlist.entries.first?.id
            }
            s.emptiedOnPurpose = s.playlist.entries.isEmpty
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: loop))
        }
    }

    func route(_ name: String?) -> Reply {
        let routes = player.routes()
        let current = player.currentRoute
        guard let name else {
            return .ok(.list(routes.map { r in
                .object([.init("name", .string(r.name)), .init("card", .string(r.card)), .init("device", .string(r.device)),
                         .init("current", .bool(r.card == current?.card))])
            }))
        }
        let wanted = name.lowercased()
        guard let route = routes.first(where: { [$0.name, $0.card, $0.device].contains { $0.lowercased() == wanted } }) else {
            let names = routes.map(\.card).joined(separator: ", ")
            return .error("no sound route '\(name)'; there are: \(names.isEmpty ? "none" : names); usage: route [NAME]")
        }
        player.overrideRoute(to: route)
        return .ok(.object([.init("route", .string(route.name)), .init("device", .string(route.device))]))
    }
}
