/// Which mode the user asked for: the connector's preferred one, a size (and rate), or the one
/// whose refresh rate best fits the content's frame rate.
public enum ModeRequest: Sendable, Hashable {
    case preferred
    case size(width: Int, height: Int, refreshMillihertz: Int?)
    case matchContent

    /// Parses `WIDTHxHEIGHT[@RATE]`, `preferred` or `match`; nil for anything else.
    public init?(parsing text: String) {
        switch text {
        case "preferred": self = .preferred
        case "match": self = .matchContent
        default:
            let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let dims = parts[0].split(separator: "x", omittingEmptySubsequences: false)
            guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else { return nil }
            var rate: Int?
            if parts.count == 2 {
                guard let hz = Double(parts[1]), hz > 0, hz < 1000 else { return nil }
                rate = Int((hz * 1000).rounded())
            }
            self = .size(width: w, height: h, refreshMillihertz: rate)
        }
    }
}
