/// A value an option does not take, or an option that does not exist, said in one line that
/// names where it came from and what is allowed.
public struct OptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `playhead.conf:12: ` or `--volume: `; empty when the caller says where.
    public var origin: String
    public let message: String

    public init(option: String, value: String, allowed: String, origin: String = "") {
        self.origin = origin
        self.message = "\(option): '\(value)' is not allowed; use \(allowed)"
    }

    public init(message: String, origin: String = "") {
        self.origin = origin
        self.message = message
    }

    public func at(_ origin: String) -> OptionError {
        var e = self
        e.origin = origin
        return e
    }

    public var description: String { origin.isEmpty ? message : "\(origin): \(message)" }
}
