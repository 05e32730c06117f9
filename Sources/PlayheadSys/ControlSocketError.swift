import SystemPackage

/// Why the control socket could not be set up, with a one-line message that names the path and
/// says what to do.
public struct ControlSocketError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Another process (another playhead) answers on the path.
        case inUse
        /// Something that is not a socket is at the path.
        case notASocket
        /// The path is empty, holds a NUL, or is longer than a socket address takes.
        case badPath
        /// A system call failed with this errno.
        case system(Errno)
    }

    public let reason: Reason
    public let message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
