import Playhead

extension LayerPlayers: LayerControl {
    func status(_ name: String) -> ReplyValue? {
        guard names.contains(name) else { return nil }
        if let text = texts.first(where: { $0.name == name }) {
            return .object([.init("layer", .string(name)), .init("state", .string("text")), .init("text", .string(text.line)),
                            .init("drawn", .int(text.overlay.drawnCount)), .init("visible", .bool(isVisible(name) ?? true))])
        }
        guard let layer = layers.first(where: { $0.name == name }) else {
            return .object([.init("layer", .string(name)), .init("state", .string("black (nothing to play)")),
                            .init("visible", .bool(isVisible(name) ?? true))])
        }
        let p = layer.player
        let state = PlayerState.decide(playerFailed: p.status == .failed, item: p.currentItem?.status, timeControl: p.timeControl)
        let time = p.currentItem == nil ? nil : p.currentTime().seconds
        return .object([
            .init("layer", .string(name)),
            .init("state", .string(state.rawValue)),
            .init("item", .optional(p.currentItem?.asset.url)),
            .init("time", .seconds(time.flatMap { $0.isFinite ? $0 : nil })),
            .init("volume", .double((Double(p.volume) * 1000).rounded() / 1000)),
            .init("muted", .bool(p.isMuted)),
            .init("heard", .bool(layer.heard)),
            .init("visible", .bool(isVisible(name) ?? true)),
        ])
    }

    func perform(_ command: LayerCommand, on name: String) -> Reply {
        if case .visible(let v) = command { return setVisible(v, name) }
        if texts.contains(where: { $0.name == name }) { return .error("layer \(name) is text; it takes no commands") }
        guard let layer = layers.first(where: { $0.name == name }) else {
            return names.contains(name) ? .error("layer \(name) has nothing to play; it stays black")
                : .error("no layer \(name); `layer` lists them (\(names.joined(separator: ", ")))")
        }
        let p = layer.player
        switch command {
        case .play: p.play()
        case .pause: p.pause()
        case .toggle: if p.rate == 0 { p.play() } else { p.pause() }
        case .next: p.advanceToNextItem()
        case .restart: p.seek(to: .zero, toleranceBefore: .zero, toleranceAfter: .zero, completion: nil)
        case .seek(let amount, let exact):
            let now = p.currentTime().seconds
            var target: Double
            switch amount {
            case .absolute(let s): target = s
            case .relative(let d): target = (now.isFinite ? now : 0) + d
            }
            target = max(0, target)
            let t = MediaTime(seconds: target, preferredTimescale: 1000)
            if exact { p.seek(to: t, toleranceBefore: .zero, toleranceAfter: .zero, completion: nil) } else { p.seek(to: t, completion: nil) }
        case .volume where !layer.heard, .mute where !layer.heard:
            return .error("layer \(name) is not heard (its line says mute=yes, or it is not the first); give it mute=no to mix its sound")
        case .volume(let amount):
            let v = amount.volume(from: p.volume)
            p.volume = v
            return .ok(.object([.init("layer", .string(name)), .init("volume", .double((Double(v) * 1000).rounded() / 1000))]))
        case .mute(let m): p.isMuted = m
        case .visible(let v): return setVisible(v, name)
        }
        return .done
    }

    func setVisible(_ visible: Bool, _ name: String) -> Reply {
        guard let index = names.firstIndex(of: name), let display else {
            return .error("no layer \(name); `layer` lists them (\(names.joined(separator: ", ")))")
        }
        if let why = display.setVisible(visible, layer: index) { return .error("layer \(name) cannot be hidden: \(why)") }
        AppLog.info("layer \(name): \(visible ? "shown" : "hidden")")
        return .done
    }

    func isVisible(_ name: String) -> Bool? {
        guard let index = names.firstIndex(of: name), let display else { return nil }
        return display.isVisible(layer: index)
    }

    func groupMembers(of name: String) -> [String] {
        guard let group = groups[name] else { return [name] }
        return names.filter { groups[$0] == group }
    }

    func timing(of name: String) -> (time: Double?, paused: Bool)? {
        guard let p = layers.first(where: { $0.name == name })?.player else { return nil }
        let t = p.currentItem == nil ? nil : p.currentTime().seconds
        return (t.flatMap { $0.isFinite ? $0 : nil }, p.rate == 0)
    }

    func playAll() { for layer in layers { layer.player.play() } }
    func pauseAll() { for layer in layers { layer.player.pause() } }
}
