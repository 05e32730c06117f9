/// What the console's `queue` shows and edits: the items in the order the user gave them, each
/// with an id that outlives edits, and which one is current. The player is given the order
/// from the current item on (and, when looping, round to the one before it).
public struct Playlist: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public let id: Int
        public let location: String
        public let title: String?
        /// The playlist's own duration for it, in seconds (M3U's `#EXTINF`): how long a still
        /// picture shows.
        public var duration: Double? = nil
    }

    public private(set) var entries: [Entry] = []
    public var currentID: Int?
    private var nextID = 1

    public init(_ items: [(location: String, title: String?)] = []) {
        self.init(items.map { ($0.location, $0.title, nil) })
    }

    public init(_ items: [(location: String, title: String?, duration: Double?)]) {
        for item in items { add(item.location, title: item.title, duration: item.duration) }
    }

    public var currentPosition: Int? { currentID.flatMap { id in entries.firstIndex { $0.id == id } } }

    /// `at` counts from 1; past the end appends.
    @discardableResult
    public mutating func add(_ location: String, title: String? = nil, duration: Double? = nil, at position: Int? = nil) -> Entry {
        let entry = Entry(id: nextID, location: location, title: title, duration: duration)
        nextID += 1
        let index = min(max((position ?? Int.max) - 1, 0), entries.count)
        entries.insert(entry, at: index)
        return entry
    }

    /// The entry removed, or nil when `position` (from 1) is not in the list.
    public mutating func remove(at position: Int) -> Entry? {
        guard position >= 1, position <= entries.count else { return nil }
        return entries.remove(at: position - 1)
    }

    public mutating func clear() {
        entries.removeAll()
        currentID = nil
    }

    /// The queue to play from `id` on; with `loop`, the entries before it follow.
    public func order(from id: Int?, loop: Bool) -> [Entry] {
        guard let id, let i = entries.firstIndex(where: { $0.id == id }) else { return loop ? entries : [] }
        return Array(entries[i...]) + (loop ? Array(entries[..<i]) : [])
    }

    /// The entry after the current one (or the first): where the player goes when the current
    /// one is removed.
    public func entry(after id: Int?, loop: Bool) -> Entry? {
        guard let id, let i = entries.firstIndex(where: { $0.id == id }) else { return entries.first }
        if i + 1 < entries.count { return entries[i + 1] }
        return loop ? entries.first : nil
    }

    public func entry(before id: Int?, loop: Bool) -> Entry? {
        guard let id, let i = entries.firstIndex(where: { $0.id == id }) else { return entries.first }
        if i > 0 { return entries[i - 1] }
        return loop ? entries.last : entries.first
    }

    public func entry(id: Int?) -> Entry? { id.flatMap { id in entries.first { $0.id == id } } }

    /// Replaces the whole list (a directory rescanned), keeping the ids of locations still
    /// there, so the item that plays goes on playing.
    public mutating func replace(with items: [(location: String, title: String?)]) {
        replace(with: items.map { ($0.location, $0.title, nil) })
    }

    public mutating func replace(with items: [(location: String, title: String?, duration: Double?)]) {
        var old: [String: Entry] = [:]
        for e in entries where old[e.location] == nil { old[e.location] = e }
        entries = items.map { item in
            if let kept = old.removeValue(forKey: item.location) { return kept }
            defer { nextID += 1 }
            return Entry(id: nextID, location: item.location, title: item.title, duration: item.duration)
        }
    }
}
