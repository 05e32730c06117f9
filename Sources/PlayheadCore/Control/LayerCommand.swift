/// A command for one layer's player (`layer NAME pause`): the transport and sound commands a
/// layer has, read with the same words as the whole screen's. Without a layer, `pause` and
/// `play` mean the whole screen.
public enum LayerCommand: Sendable, Hashable {
    case play, pause, toggle, next, restart
    case seek(ConsoleCommand.Amount, exact: Bool)
    case volume(ConsoleCommand.Amount)
    case mute(Bool)
    /// `show` and `hide`: the layer stays where it is and plays on, seen or not (AVPlayerLayer's
    /// isHidden).
    case visible(Bool)

    public static let words = "play, pause, toggle, next, restart, seek, volume, mute, unmute, show or hide"

    /// The words after the layer's name.
    static func parse(_ words: [String]) -> Result<LayerCommand, CommandError> {
        guard let first = words.first?.lowercased() else { return .failure(CommandError("give a command after the layer's name")) }
        guard first != "layer" else { return .failure(CommandError("a layer's command is one of \(Self.words)")) }
        if first == "show" || first == "hide" {
            guard words.count == 1 else { return .failure(CommandError("\(first) takes nothing after it")) }
            return .success(.visible(first == "show"))
        }
        switch CommandGrammar.parse(words.joined(separator: " ")) {
        case .failure(let e): return .failure(e)
        case .success(let command):
            switch command {
            case .play: return .success(.play)
            case .pause: return .success(.pause)
            case .toggle: return .success(.toggle)
            case .next: return .success(.next)
            case .restart: return .success(.restart)
            case .seek(let amount, let exact): return .success(.seek(amount, exact: exact))
            case .volume(let amount): return .success(.volume(amount))
            case .mute(let m): return .success(.mute(m))
            default: return .failure(CommandError("'\(first)' is for the whole screen; a layer takes \(Self.words)"))
            }
        }
    }
}

extension LayerCommand {
    /// Whether it moves a layer's timeline (play, pause, toggle, next, restart, seek): given to
    /// one member of a group, it reaches every member, so that they stay in step. A layer's
    /// level, sound and whether it is seen stay its own.
    public var movesTheGroup: Bool {
        switch self {
        case .play, .pause, .toggle, .next, .restart, .seek: return true
        case .volume, .mute, .visible: return false
        }
    }

    /// What each member of the group carries out when this is given to one member that stands
    /// at `time` seconds (nil: unknown), `paused` or not: a seek by an amount is the same place
    /// for all (members' clocks may differ by a frame), a toggle the same play or pause.
    public func forGroup(time: Double?, paused: Bool) -> LayerCommand {
        switch self {
        case .toggle: return paused ? .play : .pause
        case .seek(.relative(let d), let exact): return .seek(.absolute(max(0, (time ?? 0) + d)), exact: exact)
        default: return self
        }
    }
}

