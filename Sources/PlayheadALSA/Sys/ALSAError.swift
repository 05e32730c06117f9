import PlayheadCore

/// A libasound call that failed: which call, on which device, and the (positive) errno.
public struct ALSAError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var device: String
    public var errno: Int32
    /// The whole one-line message, when the generic one would not say what to do.
    public var message: String?

    public init(operation: String, device: String, errno: Int32, message: String? = nil) {
        self.operation = operation
        self.device = device
        self.errno = errno
        self.message = message
    }

    public var description: String { "ALSA \(operation) on \(device) failed (errno \(errno))" }
}
