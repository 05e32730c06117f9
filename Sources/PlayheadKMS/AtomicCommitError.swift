import SystemPackage

/// Why an atomic commit did not happen.
enum AtomicCommitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kernel refused the request.
    case refused(Errno)
    /// The request was never sent: `property` of `object` could not be added to it, and a
    /// request without it would have been a different one.
    case propertyNotAdded(DRMProperty, object: UInt32, Errno)

    var errno: Errno {
        switch self {
        case .refused(let e), .propertyNotAdded(_, _, let e): return e
        }
    }

    /// The card is gone: nothing more can be shown on it.
    var cardGone: Bool { self == .refused(.operationNotSupportedByDevice) }

    /// In the words that follow "refused a page flip".
    var description: String {
        switch self {
        case .refused(let e): return e.description
        case .propertyNotAdded(let p, let object, let e): return "\(p.name) of object \(object) could not be added to the request: \(e)"
        }
    }
}
