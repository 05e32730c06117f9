/// Who receives a player's events, and its last status event (replayed to late subscribers).
struct EventDelivery {
    var handler: (@Sendable (PlayerEvent) -> Void)?
    var subscribers: [UInt64: AsyncStream<PlayerEvent>.Continuation] = [:]
    var nextID: UInt64 = 0
    var lastStatus: PlayerEvent?
}
