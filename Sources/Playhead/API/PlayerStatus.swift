/// Whether the player as a whole can play (AVPlayer.Status). Item failures do not change it;
/// an output that fails for good does, and a failed player stays failed.
public enum PlayerStatus: String, Sendable {
    case unknown, readyToPlay, failed
}
