/// Turns the edges of the map's lines into commands: debounce on the kernel's timestamps, then
/// press, hold, repeat and release. Pure: edges and the clock come in, actions come out, and
/// the caller sleeps until `nextDeadline`.
///
/// A level counts once it has held for the debounce time with no edge after it, so a bouncing
/// contact gives one press and a glitch shorter than the debounce gives none. The cost is the
/// debounce time added to every press.
public struct ButtonMachine: Sendable {
    struct Line: Sendable {
        let spec: ButtonSpec
        /// The debounced level: pressed or not.
        var pressed: Bool
        /// The last edge's level and time, which becomes `pressed` once it has held.
        var raw: Bool
        var rawSince: Int64
        /// When the current press began (its last bounce), for the hold and the repeats.
        var pressedAt: Int64 = 0
        var holdDone = false
        var nextRepeat: Int64?
        /// Held when playhead started: its release is not a press.
        var ignored = false
    }

    public let timing: ButtonTiming
    private var lines: [Line]
    /// The latest time seen: an edge read late is taken as happening now, never in the past.
    private var clock: Int64

    /// `pressed` is each line's level at start; a button held then does nothing until let go.
    public init(specs: [ButtonSpec], timing: ButtonTiming, pressed: [Bool], now: Int64) {
        self.timing = timing
        clock = now
        lines = specs.enumerated().map { i, spec in
            let down = i < pressed.count ? pressed[i] : false
            return Line(spec: spec, pressed: down, raw: down, rawSince: now, ignored: down)
        }
    }

    public var specs: [ButtonSpec] { lines.map(\.spec) }

    /// Whether each button counts as pressed now, after debouncing.
    public var levels: [Bool] { lines.map(\.pressed) }

    /// An edge of button `index` at the kernel's time `at`.
    public mutating func edge(_ index: Int, pressed: Bool, at time: Int64) -> [ButtonAction] {
        guard lines.indices.contains(index) else { return [] }
        var actions = advance(to: time)
        if lines[index].raw != pressed {
            lines[index].raw = pressed
            lines[index].rawSince = max(time, clock)
        }
        // A level back to the debounced one cancels the pending change: that was a bounce.
        actions += advance(to: clock)
        return actions
    }

    /// Everything due up to `now`, in time order.
    public mutating func advance(to now: Int64) -> [ButtonAction] {
        clock = max(clock, now)
        var actions: [ButtonAction] = []
        for i in lines.indices { actions += step(&lines[i], index: i, until: clock) }
        return actions.count > 1 ? actions.sorted { $0.due < $1.due } : actions
    }

    /// The earliest time something may fall due, or nil when only an edge can change anything.
    public var nextDeadline: Int64? { lines.compactMap { deadline(of: $0) }.min() }

    private func deadline(of line: Line) -> Int64? {
        if line.raw != line.pressed { return line.rawSince + timing.debounce }
        guard line.pressed, !line.ignored else { return nil }
        if let r = line.nextRepeat { return r }
        if line.spec.hold != nil && !line.holdDone { return line.pressedAt + timing.hold }
        return nil
    }

    private func step(_ line: inout Line, index: Int, until now: Int64) -> [ButtonAction] {
        var actions: [ButtonAction] = []
        func act(_ kind: ButtonAction.Kind, _ command: String?, _ due: Int64) {
            if let command { actions.append(ButtonAction(button: index, kind: kind, command: command, due: due)) }
        }
        while let due = deadline(of: line), due <= now {
            if line.raw != line.pressed {
                line.pressed = line.raw
                if line.pressed {
                    line.pressedAt = line.rawSince
                    line.holdDone = false
                    if line.spec.repeats { line.nextRepeat = line.pressedAt + timing.repeatDelay }
                    if line.spec.hold == nil { act(.press, line.spec.press, line.rawSince) }
                } else {
                    line.nextRepeat = nil
                    if line.ignored {
                        line.ignored = false
                    } else {
                        if line.spec.hold != nil && !line.holdDone { act(.press, line.spec.press, line.rawSince) }
                        act(.release, line.spec.release, line.rawSince)
                    }
                }
            } else if let r = line.nextRepeat {
                act(.repeat, line.spec.press, r)
                // Behind by more than a beat (a busy board): go on from now, no burst.
                let next = r + timing.repeatInterval
                line.nextRepeat = next + timing.repeatInterval <= now ? now + timing.repeatInterval : next
            } else {
                line.holdDone = true
                act(.hold, line.spec.hold, due)
            }
        }
        return actions
    }
}
