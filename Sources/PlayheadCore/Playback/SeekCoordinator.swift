/// Keeps track of which seek is the live one. A newer seek overtakes an older one: the older
/// completion is told `finished: false` at once, as AVPlayer does.
public struct SeekCoordinator: Sendable {
    public struct Pending: Sendable, Hashable {
        public var id: UInt64
        public var request: SeekRequest
    }

    public enum Action: Sendable, Hashable {
        case complete(id: UInt64, finished: Bool)
        case startSeek(id: UInt64, SeekRequest)
    }

    public private(set) var pending: Pending?
    private var nextID: UInt64 = 1

    public init() {}

    /// Returns the new seek's id and what to do now.
    public mutating func request(_ request: SeekRequest) -> (id: UInt64, actions: [Action]) {
        var actions: [Action] = []
        if let old = pending { actions.append(.complete(id: old.id, finished: false)) }
        let id = nextID
        nextID += 1
        pending = Pending(id: id, request: request)
        actions.append(.startSeek(id: id, request))
        return (id, actions)
    }

    /// The first acceptable frame is on its way to the screen (or the item ended): the seek
    /// is done.
    public mutating func landed() -> [Action] {
        guard let p = pending else { return [] }
        pending = nil
        return [.complete(id: p.id, finished: true)]
    }

    /// The item went away (replaced, failed): the seek can never finish.
    public mutating func cancel() -> [Action] {
        guard let p = pending else { return [] }
        pending = nil
        return [.complete(id: p.id, finished: false)]
    }
}
