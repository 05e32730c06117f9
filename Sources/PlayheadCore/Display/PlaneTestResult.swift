/// What the driver answered to a TEST_ONLY commit of a plane state. A refusal keeps the
/// driver's errno and its words: PlayheadCore imports no C, so the output that made the commit
/// puts them into words (from swift-system's `Errno` on DRM).
public enum PlaneTestResult: Sendable, Hashable, CustomStringConvertible {
    case accepted
    case refused(code: Int32, description: String)

    /// As it reads in brackets after what was refused: "Invalid argument, errno 22".
    public var description: String {
        switch self {
        case .accepted: return "accepted"
        case .refused(let code, let words): return "\(words), errno \(code)"
        }
    }
}
