/// A selection an item cannot take (no such option, no decoder for it, nothing open to take
/// it), and why: the item plays on as it was.
public struct SelectionRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
