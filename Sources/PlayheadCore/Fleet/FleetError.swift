/// A fleet setting (the broker's URL, the credentials, a topic name) that cannot be used, in
/// one line naming what and why.
public struct FleetError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
