import SystemPackage

/// The C side of one atomic request (libdrm's drmModeAtomicReq, see DRMAtomicBuffer), or a
/// fake in tests.
protocol AtomicBackend {
    /// Adds one property value; the errno when it could not be added.
    func add(object: UInt32, property: UInt32, value: UInt64) -> Errno?
    /// Sends the request; the errno when the kernel refused it.
    func commit(_ flags: AtomicCommitFlags, userData: UInt64) -> Errno?
}

/// How an atomic request is committed (DRM_MODE_ATOMIC_* and DRM_MODE_PAGE_FLIP_EVENT).
struct AtomicCommitFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    /// Asks whether the kernel would take it, changing nothing.
    static let testOnly = AtomicCommitFlags(rawValue: 1 << 0)
    static let allowModeset = AtomicCommitFlags(rawValue: 1 << 1)
    static let nonBlocking = AtomicCommitFlags(rawValue: 1 << 2)
    /// A flip event comes when the commit is on screen.
    static let pageFlipEvent = AtomicCommitFlags(rawValue: 1 << 3)
}
