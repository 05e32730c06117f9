/// One property value of an atomic commit.
struct AtomicValue: Sendable, Hashable {
    var object: UInt32
    var property: DRMProperty
    var value: UInt64
}
