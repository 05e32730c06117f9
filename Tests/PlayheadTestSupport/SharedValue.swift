import Synchronization

/// A value that a callback on another thread (a sink's, an observer's) sets and the test reads.
public final class SharedValue<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    public init(_ initial: Value) { value = Mutex(initial) }

    public func set(_ new: Value) { value.withLock { $0 = new } }
    public var get: Value { value.withLock { $0 } }
    public func update(_ body: (inout Value) -> Void) { value.withLock { body(&$0) } }
}
