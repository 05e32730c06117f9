import Synchronization

/// A value that a callback on another thread (a sink's, an observer's) sets and the test reads,
/// or waits for: every change wakes `wait(until:)`.
public final class SharedValue<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    private let changes = Occurrences()

    public init(_ initial: Value) { value = Mutex(initial) }

    public func set(_ new: Value) {
        value.withLock { $0 = new }
        changes.signal()
    }

    public var get: Value { value.withLock { $0 } }

    public func update(_ body: (inout Value) -> Void) {
        value.withLock { body(&$0) }
        changes.signal()
    }

    /// Whether the value came to satisfy `condition` within `limit` (see `Occurrences`).
    public func wait(within limit: Duration = Occurrences.bound, until condition: (Value) -> Bool) async -> Bool {
        await changes.wait(within: limit) { condition(get) }
    }
}
