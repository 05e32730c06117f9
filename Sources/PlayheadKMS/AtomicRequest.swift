/// An atomic commit being built, as wlroots' backend/drm/atomic.c builds one: the first
/// property value that cannot be added marks the request failed, later adds are skipped, and
/// the commit reports that property rather than send the kernel a partial request (a flip
/// without its source rectangle or rotation shows something nobody asked for).
struct AtomicRequest<Backend: AtomicBackend> {
    private let backend: Backend
    private(set) var failure: AtomicCommitError?

    init(_ backend: Backend) { self.backend = backend }

    mutating func add(_ value: AtomicValue) {
        guard failure == nil else { return }
        if let e = backend.add(object: value.object, property: value.property.id, value: value.value) {
            failure = .propertyNotAdded(value.property, object: value.object, e)
        }
    }

    mutating func add(_ values: [AtomicValue]) {
        for v in values { add(v) }
    }

    /// Nil when the kernel took it.
    func commit(_ flags: AtomicCommitFlags, userData: UInt64 = 0) -> AtomicCommitError? {
        if let failure { return failure }
        return backend.commit(flags, userData: userData).map(AtomicCommitError.refused)
    }
}
