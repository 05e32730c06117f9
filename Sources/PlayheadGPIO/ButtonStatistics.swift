import PlayheadCore

/// What the buttons did, for `gpio` and the bench: actions per button and how long each took
/// from the moment it became due (the kernel's edge timestamp for a press) to the command
/// carried out.
public struct ButtonStatistics: Sendable, Hashable {
    public var actions: [String: Int] = [:]
    public var latencyCount = 0
    public var latencyTotal: Int64 = 0
    public var latencyLast: Int64 = 0
    public var latencyWorst: Int64 = 0
    public var reopenings = 0

    public init() {}

    public mutating func record(button: String, kind: ButtonAction.Kind, latency: Int64) {
        actions["\(button) \(kind.rawValue)", default: 0] += 1
        // Presses and releases start at an edge the kernel stamped; holds and repeats at a
        // timer, which says nothing of the path from the button.
        guard kind == .press || kind == .release else { return }
        latencyCount += 1
        latencyTotal += latency
        latencyLast = latency
        latencyWorst = max(latencyWorst, latency)
    }

    static func ms(_ ns: Int64) -> Double { (Double(ns) / 1e4).rounded() / 100 }

    public var latencyText: String {
        guard latencyCount > 0 else { return "none yet" }
        return "n=\(latencyCount) mean=\(Self.ms(latencyTotal / Int64(latencyCount)))ms last=\(Self.ms(latencyLast))ms "
            + "worst=\(Self.ms(latencyWorst))ms"
    }
}
