/// A property of a DRM object: the id the kernel gave it, and its name for what is said when
/// it cannot be set.
struct DRMProperty: Sendable, Hashable {
    var id: UInt32
    var name: String
}
