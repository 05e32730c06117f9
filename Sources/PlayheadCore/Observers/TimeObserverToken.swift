/// What addPeriodicTimeObserver and addBoundaryTimeObserver return; pass it to
/// removeTimeObserver.
public struct TimeObserverToken: Sendable, Hashable, CustomStringConvertible {
    public let id: UInt64
    public init(id: UInt64) { self.id = id }
    public var description: String { "observer#\(id)" }
}
