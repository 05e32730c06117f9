/// Each flip's media time, due time, arrival (when the engine handed the frame over), commit
/// time and vblank time, kept for `--flip-trace` and written once at the end: with an outside
/// probe's times on the same monotonic clock, they split an A/V offset into the clock's part
/// (due versus the sound), the display's part (vblank versus due) and the probe's own (its
/// flash versus the vblank); a late picture's arrival says whether the engine and decoder
/// (arrived late) or the display (arrived in time, committed late) held it.
public struct FlipTrace: Sendable {
    public let path: String
    private var lines: [String] = []
    /// About an hour at 30 fps; later flips are counted, not kept.
    private let limit = 100_000
    private var skipped = 0

    public init(path: String) { self.path = path }

    public mutating func add(pts: MediaTime, due: Int64, arrived: Int64, committed: Int64, vblank: Int64, sequence: UInt32 = 0) {
        guard lines.count < limit else { skipped += 1; return }
        lines.append("flip pts=\(pts.secondsText) due=\(Self.seconds(due)) arrived=\(Self.seconds(arrived)) committed=\(Self.seconds(committed)) vblank=\(Self.seconds(vblank)) seq=\(sequence)")
    }

    /// A picture handed to a sink with no display (null): when the engine wanted it shown.
    public mutating func presented(pts: MediaTime, due: Int64) {
        guard lines.count < limit else { skipped += 1; return }
        lines.append("present pts=\(pts.secondsText) due=\(Self.seconds(due))")
    }

    public mutating func dropped(pts: MediaTime, due: Int64, arrived: Int64, expectedVblank: Int64) {
        guard lines.count < limit else { skipped += 1; return }
        lines.append("late-drop pts=\(pts.secondsText) due=\(Self.seconds(due)) arrived=\(Self.seconds(arrived)) vblank=\(Self.seconds(expectedVblank))")
    }

    /// The file's text.
    public var text: String {
        lines.joined(separator: "\n") + (skipped > 0 ? "\n# \(skipped) more flips not kept" : "") + "\n"
    }

    /// Monotonic nanoseconds as seconds with six decimals.
    static func seconds(_ nanoseconds: Int64) -> String {
        let micro = nanoseconds / 1000
        let whole = micro / 1_000_000, part = abs(micro % 1_000_000)
        let digits = String(part)
        return "\(micro < 0 && whole == 0 ? "-" : "")\(whole).\(String(repeating: "0", count: 6 - digits.count))\(digits)"
    }
}
