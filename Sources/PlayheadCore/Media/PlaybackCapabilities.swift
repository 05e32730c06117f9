/// What an item can be asked to do (AVPlayerItem's canPlayReverse, canPlayFastForward...,
/// canStepForward, canStepBackward), from what opening it said. A live stream has no end to run
/// towards and no past to go back to: only its own pace. Reverse reads the file backwards one
/// group of pictures at a time, which a network stream cannot do at a usable speed, and needs
/// pictures; stepping shows pictures one at a time, so it needs them too.
public struct PlaybackCapabilities: Sendable, Hashable {
    public private(set) var canPlayReverse: Bool
    public private(set) var canPlaySlowReverse: Bool
    public private(set) var canPlayFastReverse: Bool
    public private(set) var canPlaySlowForward: Bool
    public private(set) var canPlayFastForward: Bool
    public private(set) var canStepForward: Bool
    public private(set) var canStepBackward: Bool
    /// Why the refused ones are refused, in a few words (nil: nothing is).
    let reverseWhy: String?
    let forwardWhy: String?
    let stepWhy: String?
    let stepBackWhy: String?

    /// Before an item is open nothing is known: every flag is false, as AVFoundation's are until
    /// the item is ready, but nothing is refused, and the engine checks again once it is open.
    public static let unknown: PlaybackCapabilities = {
        var c = PlaybackCapabilities(reverse: nil, forward: nil, step: nil, stepBack: nil)
        c.canPlayReverse = false
        c.canPlaySlowReverse = false
        c.canPlayFastReverse = false
        c.canPlaySlowForward = false
        c.canPlayFastForward = false
        c.canStepForward = false
        c.canStepBackward = false
        return c
    }()

    private init(reverse: String?, forward: String?, step: String?, stepBack: String?) {
        canPlayReverse = reverse == nil
        canPlaySlowReverse = reverse == nil
        canPlayFastReverse = reverse == nil
        canPlaySlowForward = forward == nil
        canPlayFastForward = forward == nil
        canStepForward = step == nil
        canStepBackward = stepBack == nil
        reverseWhy = reverse
        forwardWhy = forward
        stepWhy = step
        stepBackWhy = stepBack
    }

    public init(_ info: MediaInfo) {
        let live = !info.duration.isNumeric
        let reverse: String? =
            live ? "a live stream cannot play backwards"
            : !info.hasVideo ? "it has no pictures to play backwards"
            : !info.isSeekable ? "it cannot be sought, so it cannot be read backwards"
            : !info.isLocal ? "a stream over the network cannot be read backwards; copy it to the board"
            : nil
        let forward: String? = live ? "a live stream plays only at its own pace" : nil
        let step: String? = !info.hasVideo ? "it has no pictures to step through" : nil
        let stepBack: String? =
            step ?? (live ? "a live stream cannot step back" : !info.isSeekable ? "it cannot be sought, so it cannot step back" : nil)
        self.init(reverse: reverse, forward: forward, step: step, stepBack: stepBack)
    }

    /// Why `rate` cannot be played, or nil when it can (pausing always can).
    public func refusal(of rate: PlaybackRate) -> CapabilityRefusal? {
        if rate.isPaused || rate.isNormal { return nil }
        let why = rate.isReverse ? reverseWhy : forwardWhy
        return why.map { CapabilityRefusal("rate \(Self.spoken(rate)) is refused: \($0)") }
    }

    /// As it was typed: 2, not 2.0.
    private static func spoken(_ rate: PlaybackRate) -> String {
        rate.denominator == 1 ? String(rate.numerator) : String(rate.doubleValue)
    }

    /// Why stepping `count` pictures (backwards when negative) cannot be done, or nil.
    public func refusal(ofStep count: Int) -> CapabilityRefusal? {
        if count == 0 { return CapabilityRefusal("step needs a count other than 0") }
        let why = count > 0 ? stepWhy : stepBackWhy
        return why.map { CapabilityRefusal("step \(count) is refused: \($0)") }
    }
}
