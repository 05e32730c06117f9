/// The order of a QueuePlayer's items and which one is current, as a plain value. The first
/// element is the current item, as in AVQueuePlayer.items().
public struct PlayQueue<ID: Hashable & Sendable>: Sendable {
    public enum LoopMode: String, Sendable { case off, item, queue }

    public private(set) var items: [ID]
    /// Items played in this round, kept so that looping the queue can bring them back.
    public private(set) var played: [ID] = []
    public var loopMode: LoopMode = .off

    public init(items: [ID]) {
        var seen = Set<ID>()
        self.items = items.filter { seen.insert($0).inserted }
    }

    public var current: ID? { items.first }
    /// The item that plays after the current one: the current one again when it loops.
    public var upNext: ID? {
        if loopMode == .item { return items.first }
        if items.count > 1 { return items[1] }
        switch loopMode {
        case .off: return nil
        case .item: return items.first
        case .queue: return played.first ?? items.first
        }
    }

    /// An item may be inserted once: not when it is already queued, and `after` must be queued.
    public func canInsert(_ id: ID, after: ID?) -> Bool {
        if items.contains(id) { return false }
        if let after { return items.contains(after) }
        return true
    }

    @discardableResult
    public mutating func insert(_ id: ID, after: ID?) -> Bool {
        guard canInsert(id, after: after) else { return false }
        played.removeAll { $0 == id }
        if let after, let i = items.firstIndex(of: after) {
            items.insert(id, at: i + 1)
        } else {
            items.append(id)
        }
        return true
    }

    /// Returns true when the removed item was the current one.
    @discardableResult
    public mutating func remove(_ id: ID) -> Bool {
        played.removeAll { $0 == id }
        guard let i = items.firstIndex(of: id) else { return false }
        items.remove(at: i)
        return i == 0
    }

    public mutating func removeAll() {
        items.removeAll()
        played.removeAll()
    }

    /// Moves past the current item, honouring the loop mode; returns the new current item.
    @discardableResult
    public mutating func advance() -> ID? {
        guard let first = items.first else { return nil }
        switch loopMode {
        case .item:
            return first
        case .off:
            items.removeFirst()
        case .queue:
            items.removeFirst()
            played.append(first)
            if items.isEmpty {
                items = played
                played = []
            }
        }
        return items.first
    }

    /// Replaces the current item (Player.replaceCurrentItem) and keeps the rest.
    public mutating func replaceCurrent(with id: ID?) {
        if !items.isEmpty { items.removeFirst() }
        if let id {
            items.removeAll { $0 == id }
            items.insert(id, at: 0)
        }
    }
}
