import Glibc
import SystemPackage
import PlayheadCore

/// What the ALSA sink needs of a playback device. `PCMDevice` is the real one; tests give a
/// fake that underruns, suspends or vanishes when told to.
public protocol PCMOutput: AnyObject {
    var name: String { get }
    var sampleFormat: PCMSampleFormat { get }
    var sampleRate: Int { get }
    var channels: Int { get }
    var bufferFrames: Int { get }
    var periodFrames: Int { get }
    var canPause: Bool { get }
    /// Waits up to `milliseconds` for room to write.
    func waitForRoom(milliseconds: Int32) -> PCMOutcome
    /// Frames that can be written now, or what went wrong.
    func available() -> PCMResult
    /// Frames written but not yet heard.
    func delay() -> PCMResult
    /// Writes interleaved samples already in the device's format; returns frames taken.
    func write(_ bytes: UnsafeRawBufferPointer, frames: Int) -> PCMResult
    func pause(_ on: Bool) -> PCMOutcome
    func prepare() -> PCMOutcome
    func resume() -> PCMOutcome
    /// Starts a prepared device now: one whose frames never reached its start threshold (a
    /// last sound shorter than half its buffer). A device already running says so, unchanged.
    func start() -> PCMOutcome
    func drop()
}

/// The sample formats the sink writes, best first.
public enum PCMSampleFormat: String, Sendable, CaseIterable {
    case float32 = "FLOAT_LE", signed32 = "S32_LE", signed16 = "S16_LE"
    public var bytes: Int { self == .signed16 ? 2 : 4 }
}

/// Expected outcomes of a device call: not errors to throw, but states to handle.
public enum PCMOutcome: Sendable, Equatable {
    case ok
    case timedOut
    case wouldBlock
    /// EPIPE: the device ran dry (or overran); prepare and go on.
    case underrun
    /// ESTRPIPE: the system suspended the device; resume it.
    case suspended
    /// ENODEV and friends: the device is gone (unplugged, driver removed).
    case gone
    case failed(Errno)

    public static func from(errno e: Int32) -> PCMOutcome {
        switch Errno(rawValue: e) {
        case .resourceTemporarilyUnavailable: return .wouldBlock
        case .brokenPipe: return .underrun
        case Errno(rawValue: ESTRPIPE): return .suspended
        // A USB card pulled out answers any of these.
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice, .ioError: return .gone
        case let other: return .failed(other)
        }
    }
}

public enum PCMResult: Sendable, Equatable {
    case frames(Int)
    case outcome(PCMOutcome)
}
