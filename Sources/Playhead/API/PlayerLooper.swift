/// Plays one item or the whole queue over and over, as appliances do (AVPlayerLooper).
public final class PlayerLooper: Sendable {
    public enum Mode: Sendable { case item, queue }
    public let mode: Mode
    private let player: QueuePlayer

    public init(player: QueuePlayer, mode: Mode = .queue) {
        self.player = player
        self.mode = mode
        player.setLoopMode(mode == .item ? .item : .queue)
    }

    public func disableLooping() { player.setLoopMode(.off) }
}
