/// A CEC adapter call that failed, in one line naming the device and what to do.
public struct CECError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
