import PlayheadCore

/// A libasound call that failed: which call, on which device, and the (positive) errno.
public struct ALSAError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var device: String
    public var errno: Int32

    public init(operation: String, device: String, errno: Int32) {
        self.operation = operation
        self.device = device
        self.errno = errno
    }

    public var description: String { "ALSA \(operation) on \(device) failed (errno \(errno))" }
}
