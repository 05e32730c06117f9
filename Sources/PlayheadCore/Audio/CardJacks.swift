/// The jack controls of one sound card, folded into the one question the route policy asks:
/// is anything plugged in there? A card with no jack controls (USB, loopback, most HDMI
/// bridges) is always usable; a card with jacks is usable while at least one reports a plug,
/// so pulling the headphones of a card that has nothing else plugged in pauses playback.
public struct CardJacks: Sendable, Equatable {
    public let card: String
    public private(set) var states: [String: Bool] = [:]

    public init(card: String) { self.card = card }

    /// Whether the card can be heard now.
    public var isPlugged: Bool { states.isEmpty || states.values.contains(true) }

    /// Takes a fresh reading of the card's jacks. Returns the event for the policy when the
    /// answer changed (nil when a jack moved but the card's usability did not). The first
    /// reading of a card with all jacks empty is such a change: a card counts as usable until
    /// its jacks say otherwise.
    public mutating func update(_ reading: [String: Bool]) -> AudioDeviceEvent? {
        let before = isPlugged
        let changed = reading.keys.sorted().first { states[$0] != reading[$0] }
            ?? states.keys.sorted().first { reading[$0] == nil }
        states = reading
        guard isPlugged != before, let changed else { return nil }
        return .jack(card: card, control: changed, plugged: isPlugged)
    }
}
