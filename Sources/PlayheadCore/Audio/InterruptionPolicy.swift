/// What to do when something more important needs the sound (a doorbell, an announcement), as
/// AVAudioSession's interruption notifications do: pause or duck when it begins, and when it
/// ends undo exactly what was done, resuming only when the interrupter allows it and playback
/// was on before.
///
/// Nested interruptions (a second `began` while one is active) are counted. While any is
/// active the strongest effect applies: a pause beats a duck, and the lowest duck gain wins.
/// A `began` that makes the effect stronger acts and is announced again, so that listeners see
/// the escalation; one that changes nothing is only counted. Every `ended` but the last is
/// absorbed; the last one restores and is announced with its own `shouldResume`. The playback
/// state to return to is the one at the outermost `began`.
public struct InterruptionPolicy: Sendable {
    public enum Kind: Sendable, Hashable {
        /// Stop playback until the interruption ends.
        case pause
        /// Keep playing with the gain multiplied by this (0...1).
        case duck(Float)
    }

    public enum Action: Sendable, Hashable {
        case pause
        case resume
        /// Multiply the output gain by this from now on (it replaces an earlier duck).
        case duck(Float)
        case unduck
        case announceBegan(ducking: Bool)
        case announceEnded(shouldResume: Bool)
    }

    struct Active: Sendable, Hashable {
        var depth: Int
        /// Playback was on at the outermost `began` and nobody has taken charge since.
        var resumeAllowed: Bool
        var paused: Bool
        var duckGain: Float?
    }

    private(set) var active: Active?

    public init() {}

    public var isActive: Bool { active != nil }
    /// The duck gain in force (1 when not ducked).
    public var gain: Float { active?.duckGain ?? 1 }

    public mutating func began(_ kind: Kind, isPlaying: Bool) -> [Action] {
        var state = active ?? Active(depth: 0, resumeAllowed: isPlaying, paused: false, duckGain: nil)
        let outermost = active == nil
        state.depth += 1
        var actions: [Action] = []
        switch kind {
        case .pause:
            if !state.paused {
                state.paused = true
                // Paused already (by the user): nothing to stop, but still an interruption.
                if isPlaying { actions.append(.pause) }
                actions.append(.announceBegan(ducking: false))
            }
        case .duck(let requested):
            let gain = min(max(requested, 0), 1)
            if gain < (state.duckGain ?? 1) || (outermost && state.duckGain == nil) {
                state.duckGain = gain
                actions.append(.duck(gain))
                // Under a pause the duck is remembered but there is no news to announce.
                if !state.paused { actions.append(.announceBegan(ducking: true)) }
            }
        }
        active = state
        return actions
    }

    public mutating func ended(shouldResume: Bool) -> [Action] {
        guard var state = active else { return [] }
        state.depth -= 1
        guard state.depth == 0 else {
            active = state
            return []
        }
        active = nil
        var actions: [Action] = []
        if state.duckGain != nil { actions.append(.unduck) }
        if state.paused && state.resumeAllowed && shouldResume { actions.append(.resume) }
        actions.append(.announceEnded(shouldResume: shouldResume))
        return actions
    }

    /// Playback was changed by something else during the interruption (a person setting the
    /// rate, the route in use going away): its end must not start playback behind their back.
    public mutating func cancelResume() {
        active?.resumeAllowed = false
    }
}
