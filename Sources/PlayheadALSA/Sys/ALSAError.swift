import PlayheadCore
import SystemPackage

/// A libasound call that failed: which call, on which device, and why (swift-system's Errno,
/// so callers compare with `.deviceBusy`, not with 16).
public struct ALSAError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var device: String
    public var errno: Errno
    /// The whole one-line message, when the generic one would not say what to do.
    public var message: String?

    public init(operation: String, device: String, errno: Errno, message: String? = nil) {
        self.operation = operation
        self.device = device
        self.errno = errno
        self.message = message
    }

    /// From a libasound return code (a negative errno).
    init(operation: String, device: String, returnCode rc: Int32) {
        self.init(operation: operation, device: device, errno: Errno(rawValue: -rc))
    }

    public var description: String { "ALSA \(operation) on \(device) failed (\(errno))" }
}
