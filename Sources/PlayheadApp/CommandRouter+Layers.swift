import Playhead

extension CommandRouter {
    /// `layer`: every layer's state; `layer NAME`: one; `layer NAME COMMAND`: its player. The
    /// main layer is this router's own player, so its commands go the usual way.
    func layer(_ name: String?, _ command: LayerCommand?) -> Reply {
        guard let layers else {
            return .error("the screen has one player and no layers; layer.NAME lines in the options file make more")
        }
        guard let name else { return .ok(.list(layers.names.compactMap { layerStatus($0, of: layers) })) }
        guard let command else {
            return layerStatus(name, of: layers).map { .ok($0) }
                ?? .error("no layer \(name); `layer` lists them (\(layers.names.joined(separator: ", ")))")
        }
        let members = layers.groupMembers(of: name)
        guard members.count > 1, command.movesTheGroup else { return layer(name, command, of: layers) }
        // The group moves as one: the same play, pause or place for every member.
        let stands = name == layers.mainName ? (time: player.currentSeconds(), paused: player.isPaused) : layers.timing(of: name)
        let shared = command.forGroup(time: stands?.time, paused: stands?.paused ?? false)
        let replies = members.map { layer($0, shared, of: layers) }
        return replies.first { if case .error = $0 { return true } else { return false } } ?? .done
    }

    /// One layer's command: the main layer's through this router's own player.
    private func layer(_ name: String, _ command: LayerCommand, of layers: any LayerControl) -> Reply {
        guard name == layers.mainName else { return layers.perform(command, on: name) }
        switch command {
        case .visible(let v): return layers.setVisible(v, name)
        case .play:
            state.withLock { $0.stopped = false }
            player.play()
        case .pause: player.pause()
        case .toggle:
            if player.isPaused {
                state.withLock { $0.stopped = false }
                player.play()
            } else {
                player.pause()
            }
        case .next: return perform(.next)
        case .restart: return perform(.restart)
        case .seek(let amount, let exact): return perform(.seek(amount, exact: exact))
        case .volume(let amount): return perform(.volume(amount))
        case .mute(let m): return perform(.mute(m))
        }
        return .done
    }

    func layerStatus(_ name: String, of layers: any LayerControl) -> ReplyValue? {
        guard name == layers.mainName else { return layers.status(name) }
        return .object([
            .init("layer", .string(name)),
            .init("state", .string(player.state().rawValue)),
            .init("item", .optional(playlist.entry(id: playlist.currentID)?.location)),
            .init("time", .seconds(player.currentSeconds())),
            .init("volume", .double((Double(player.volume) * 1000).rounded() / 1000)),
            .init("muted", .bool(player.isMuted)),
            .init("main", .bool(true)),
            .init("visible", .bool(layers.isVisible(name) ?? true)),
        ])
    }
}
