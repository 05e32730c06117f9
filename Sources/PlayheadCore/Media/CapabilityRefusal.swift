/// A rate or a step the current item cannot take, and why: the player stays as it was.
public struct CapabilityRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
