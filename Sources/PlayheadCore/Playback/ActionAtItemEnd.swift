public enum ActionAtItemEnd: String, Sendable, Hashable {
    /// Go on with the next item of the queue (QueuePlayer's default).
    case advance
    /// Stop on the last frame (Player's default).
    case pause
    /// Keep the clock running with nothing to show.
    case none
}
