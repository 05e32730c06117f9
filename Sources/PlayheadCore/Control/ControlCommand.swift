/// A line of the player's control interface (a FIFO today; the serial console and the GPIO
/// buttons will speak the same words).
public enum ControlCommand: Sendable, Hashable {
    case play
    case pause
    /// An announcement or a doorbell: pause, or duck to `gain` when given.
    case beginInterruption(duck: Float?)
    case endInterruption(shouldResume: Bool)
    case volume(Float)
    case mute(Bool)

    public static let usage = "play | pause | volume 0..1 | mute | unmute | interruption begin [duck GAIN] | interruption end [resume|keep-paused]"

    /// The command, or a one-line reason naming what was wrong and what is understood.
    public static func parse(_ line: String) -> Result<ControlCommand, ControlError> {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map { $0.lowercased() }
        switch words.first {
        case "play" where words.count == 1: return .success(.play)
        case "pause" where words.count == 1: return .success(.pause)
        case "mute" where words.count == 1: return .success(.mute(true))
        case "unmute" where words.count == 1: return .success(.mute(false))
        case "volume" where words.count == 2:
            guard let v = Float(words[1]), v >= 0, v <= 1 else {
                return .failure(ControlError("volume '\(words[1])' is not a number from 0 to 1"))
            }
            return .success(.volume(v))
        case "interruption":
            switch Array(words.dropFirst()) {
            case ["begin"]:
                return .success(.beginInterruption(duck: nil))
            case let w where w.count == 3 && w[0] == "begin" && w[1] == "duck":
                guard let gain = Float(w[2]), gain >= 0, gain <= 1 else {
                    return .failure(ControlError("duck gain '\(w[2])' is not a number from 0 to 1"))
                }
                return .success(.beginInterruption(duck: gain))
            case ["end"], ["end", "resume"]:
                return .success(.endInterruption(shouldResume: true))
            case ["end", "keep-paused"]:
                return .success(.endInterruption(shouldResume: false))
            default:
                return .failure(ControlError("'\(line)' is not an interruption command; use \(usage)"))
            }
        case nil:
            return .failure(ControlError("empty command; use \(usage)"))
        default:
            return .failure(ControlError("unknown command '\(line)'; use \(usage)"))
        }
    }
}

public struct ControlError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
