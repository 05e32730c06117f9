/// A card's control device as the route monitor needs it: a descriptor to poll, the jack
/// states, and what the queued events said. The real one is CardControl; tests use fakes on
/// pipes.
public protocol CardControlWatch: AnyObject {
    /// Readable when events are queued.
    var descriptor: Int32 { get }
    /// Every `... Jack` control of the card and whether it reports a plug, and each HDMI `ELD`
    /// and whether it describes a sink (`HDMI sink ELD,dev=N`).
    func jacks() -> [String: Bool]
    /// Drains the queued events.
    func readChanges() -> CardControlChanges
}

/// What a batch of control events touched.
public struct CardControlChanges: Sendable, Equatable {
    /// A jack control's value changed (or one was added or removed).
    public var jacks = false
    /// The HDMI ELD (what the connected sink can play) changed.
    public var eld = false
    /// The control device is gone (the card was removed).
    public var gone = false

    public init(jacks: Bool = false, eld: Bool = false, gone: Bool = false) {
        self.jacks = jacks
        self.eld = eld
        self.gone = gone
    }
}
