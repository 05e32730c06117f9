import PlayheadCore

/// A content generation ready to play: its playlist's items, and what to do once it plays.
struct ContentChange: Sendable {
    let generation: Int
    let items: [(location: String, title: String?, duration: Double?)]
    let playing: @Sendable () -> Void
}
