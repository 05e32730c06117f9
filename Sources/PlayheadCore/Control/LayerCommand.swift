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
