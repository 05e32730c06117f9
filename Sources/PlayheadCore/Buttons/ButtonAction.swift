/// A command a button asks for, and when: the console command to run and the times to measure
/// its latency from.
public struct ButtonAction: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable { case press, hold, `repeat`, release }

    /// The button's index in the map.
    public let button: Int
    public let kind: Kind
    public let command: String
    /// When it became due: the edge that began the press or release (the kernel's timestamp of
    /// the last bounce), or the moment a hold or a repeat came round.
    public let due: Int64

    public init(button: Int, kind: Kind, command: String, due: Int64) {
        self.button = button
        self.kind = kind
        self.command = command
        self.due = due
    }

    public var description: String { "\(kind.rawValue) of button \(button): \(command)" }
}
