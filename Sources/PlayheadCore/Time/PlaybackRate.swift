/// A playback rate as an exact ratio, so that the clock maths stays rational: 2.0 is 2/1,
/// 0.5 is 1/2, -1.0 is -1/1. Rates from Doubles are rounded to 1/1000.
public struct PlaybackRate: Sendable, Hashable, CustomStringConvertible {
    public let numerator: Int64
    public let denominator: Int64

    public init(numerator: Int64, denominator: Int64) {
        precondition(denominator > 0, "PlaybackRate denominator must be positive")
        let g = Int64(MediaTime.gcd(numerator.magnitude, UInt64(denominator)))
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    public init(_ value: Double) {
        let milli = value.isFinite ? Int64((value * 1000).rounded()) : 0
        self.init(numerator: milli, denominator: 1000)
    }

    public static let paused = PlaybackRate(numerator: 0, denominator: 1)
    public static let normal = PlaybackRate(numerator: 1, denominator: 1)

    public var isPaused: Bool { numerator == 0 }
    public var isReverse: Bool { numerator < 0 }
    public var isNormal: Bool { numerator == denominator }
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// Forward rates from 0.5 to 2, 1 excepted: their sound is time-stretched with its pitch
    /// kept. At 1 it plays as it is; at other rates and in reverse it is muted, as AVFoundation
    /// does (beyond 2 the stretched sound is more noise than speech).
    public var stretchesAudio: Bool {
        !isNormal && numerator * 2 >= denominator && numerator <= denominator * 2
    }

    public var description: String { "\(doubleValue)" }
}
