/// A broker call that failed, in one line saying what failed and, where it helps, what to do.
/// Expected outcomes (not connected yet, nothing to read) are values, not these.
public struct MQTTError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
