/// One command of the control surface, the same from the serial console, the control socket,
/// the FIFO and (later) the buttons.
public enum ConsoleCommand: Sendable, Hashable {
    public enum Amount: Sendable, Hashable {
        case absolute(Double)
        case relative(Double)

        /// A volume: this one, or `current` changed by it, kept within 0...1.
        public func volume(from current: Float) -> Float {
            switch self {
            case .absolute(let a): return Float(a)
            case .relative(let d): return min(max(current + Float(d), 0), 1)
            }
        }
    }

    case play, pause, toggle, stop, next, previous, restart
    case seek(Amount, exact: Bool)
    case rate(Double)
    /// Pictures to step (AVPlayerItem's step(byCount:)), backwards when negative.
    case step(Int)
    /// The item's selection groups and what plays of each.
    case tracks
    /// Another sound track, or other subtitles (or none).
    case track(MediaCharacteristic, TrackChoice)
    case volume(Amount)
    case mute(Bool)
    case toggleMute
    case debugWedge(seconds: Double)
    case queue
    /// `at` counts from 1, as `queue` lists; nil appends.
    case add(String, at: Int?)
    case remove(Int)
    case clear
    case route(String?)
    case display
    /// `display on|off`: the screen's power.
    case displayPower(Bool)
    case gpio
    case schedule
    case cec
    case mqtt
    case content
    case sync
    case screenshot
    case status
    case stats
    case log(String)
    case events(Bool)
    case get(String?)
    case set(String, String)
    case reload
    case version
    /// Nil: say the slots and the last install. Checked against the options by the router.
    case update(String?, force: Bool)
    case help(String?)
    case format(Reply.Format)
    /// `layer`: every layer; `layer NAME`: that one's state; `layer NAME COMMAND`: its player.
    case layer(String?, LayerCommand?)
    case beginInterruption(duck: Float?)
    case endInterruption(shouldResume: Bool)
}

/// A command that could not be read: what was wrong, and the usage of that command.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
