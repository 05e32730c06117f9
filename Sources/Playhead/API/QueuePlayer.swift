/// Plays a list of items in order (AVQueuePlayer). The next item is opened and decoded ahead,
/// so it starts without a gap.
public final class QueuePlayer: Player, @unchecked Sendable {
    public init(environment: PlaybackEnvironment, items: [PlayerItem]) {
        super.init(environment: environment)
        if !items.isEmpty { engine.post(.insertAll(items)) }
    }

    override class var defaultActionAtItemEnd: ActionAtItemEnd { .advance }

    public func items() -> [PlayerItem] { engine.snapshot.withLock { $0.items } }

    public func advanceToNextItem() { engine.post(.advance) }

    public func canInsert(_ item: PlayerItem, after: PlayerItem?) -> Bool {
        PlayQueue(items: items()).canInsert(item, after: after)
    }

    /// Appends when `after` is nil.
    public func insert(_ item: PlayerItem, after: PlayerItem?) {
        engine.post(.insert(item, after: after))
    }

    /// Appends several items at once: none can start and fail before the others are queued.
    public func insertAll(_ items: [PlayerItem]) { engine.post(.insertAll(items)) }

    public func remove(_ item: PlayerItem) { engine.post(.remove(item)) }
    public func removeAllItems() { engine.post(.removeAll) }

    /// Replaces every item in one step; the current item goes on playing when it stays first.
    public func replaceQueue(with items: [PlayerItem]) { engine.post(.replaceQueue(items)) }

    /// Whether the queue starts over at its end (PlayerLooper sets it too).
    public func setLooping(_ on: Bool) { setLoopMode(on ? .queue : .off) }

    func setLoopMode(_ mode: PlayQueue<PlayerItem>.LoopMode) { engine.post(.setLoopMode(mode)) }
}
