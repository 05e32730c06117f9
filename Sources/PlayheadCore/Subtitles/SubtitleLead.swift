/// How far ahead of a change the subtitle drawer draws it: the display's own lead (its
/// conversion and its wait for a vblank) plus the longest of the drawer's recent drawings, so
/// that on a slow or busy board the picture still reaches the screen at its time. At least
/// `shortest`; at most `longest`, because the display keeps one picture waiting and a change
/// handed over less than a lead after the one before replaces it unseen.
public struct SubtitleLead: Sendable, Equatable {
    public static let shortest: Int64 = 100_000_000
    public static let longest: Int64 = 300_000_000
    /// How many drawings are remembered: a slow moment counts for a few changes, not for ever.
    public static let remembered = 8

    private var recent: [Int64] = []

    public init() {}

    /// One drawing of a change took `nanoseconds`.
    public mutating func drew(nanoseconds: Int64) {
        recent.append(max(0, nanoseconds))
        if recent.count > Self.remembered { recent.removeFirst(recent.count - Self.remembered) }
    }

    /// The lead to draw with, given the display's own.
    public func nanoseconds(displayLead: Int64) -> Int64 {
        min(Self.longest, max(Self.shortest, max(0, displayLead) + (recent.max() ?? 0)))
    }
}
