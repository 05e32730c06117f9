/// Decides when time observers fire, as a value driven by the engine (or a test) with media
/// times. Periodic observers fire whenever the time crosses a multiple of their interval, when
/// time jumps, and when playback starts or stops; boundary observers fire when normal playback
/// crosses one of their times. An observer still busy with its previous call is skipped.
public struct TimeObserverSchedule: Sendable {
    public enum Reason: String, Sendable, Hashable { case periodic, jump, started, stopped, boundary }

    public struct Fire: Sendable, Hashable {
        public var token: TimeObserverToken
        public var time: MediaTime
        public var reason: Reason
    }

    struct Periodic: Sendable {
        var interval: MediaTime
        var lastSlot: Int64?
    }

    private var periodic: [TimeObserverToken: Periodic] = [:]
    private var boundaries: [TimeObserverToken: [MediaTime]] = [:]
    private var order: [TimeObserverToken] = []
    private var inFlight: Set<TimeObserverToken> = []
    private var lastTime: MediaTime?
    private var nextID: UInt64 = 1

    public init() {}

    public var isEmpty: Bool { order.isEmpty }

    public mutating func addPeriodic(interval: MediaTime) -> TimeObserverToken {
        precondition(interval.isNumeric && interval > .zero,
                     "periodic time observer interval must be a positive number")
        let token = makeToken()
        periodic[token] = Periodic(interval: interval, lastSlot: lastTime.map { Self.slot($0, interval) })
        return token
    }

    public mutating func addBoundary(times: [MediaTime]) -> TimeObserverToken {
        let token = makeToken()
        boundaries[token] = times.filter(\.isNumeric).sorted()
        return token
    }

    public mutating func remove(_ token: TimeObserverToken) {
        periodic[token] = nil
        boundaries[token] = nil
        order.removeAll { $0 == token }
        inFlight.remove(token)
    }

    /// The observer's callback has returned; it may be called again.
    public mutating func returned(_ token: TimeObserverToken) {
        inFlight.remove(token)
    }

    /// Normal playback moved the time to `now`.
    public mutating func advance(to now: MediaTime) -> [Fire] {
        guard now.isNumeric else { return [] }
        defer { lastTime = now }
        var fires: [Fire] = []
        for token in order {
            if var p = periodic[token] {
                let slot = Self.slot(now, p.interval)
                if p.lastSlot != slot {
                    p.lastSlot = slot
                    periodic[token] = p
                    fire(token, now, .periodic, into: &fires)
                }
            } else if let times = boundaries[token], let last = lastTime {
                let lo = MediaTime.minimum(last, now), hi = MediaTime.maximum(last, now)
                // Forward crossing includes the boundary itself; a boundary exactly at the old
                // time fired on the previous step.
                if let crossed = times.last(where: { $0 > lo && $0 <= hi }) {
                    fire(token, crossed, .boundary, into: &fires)
                }
            }
        }
        return fires
    }

    /// Time jumped (seek, item change): periodic observers hear of it; boundaries do not.
    public mutating func jumped(to now: MediaTime) -> [Fire] {
        lastTime = now
        return firePeriodic(now, .jump)
    }

    /// Playback started (`playing`) or stopped at `now`.
    public mutating func playbackChanged(playing: Bool, at now: MediaTime) -> [Fire] {
        lastTime = now
        return firePeriodic(now, playing ? .started : .stopped)
    }

    /// The next media time at which an observer would fire, in the direction of playback;
    /// the engine sleeps no longer than that.
    public func nextDeadline(after now: MediaTime, forward: Bool) -> MediaTime? {
        guard now.isNumeric else { return nil }
        var best: MediaTime?
        func consider(_ t: MediaTime) {
            if let b = best { best = forward ? .minimum(b, t) : .maximum(b, t) } else { best = t }
        }
        for p in periodic.values {
            let slot = Self.slot(now, p.interval)
            let edge = forward ? slot + 1 : (Self.isMultiple(now, p.interval) ? slot - 1 : slot)
            consider(MediaTime(value: edge, timescale: 1).scaled(by: p.interval))
        }
        for times in boundaries.values {
            if forward, let t = times.first(where: { $0 > now }) { consider(t) }
            if !forward, let t = times.last(where: { $0 < now }) { consider(t) }
        }
        return best
    }

    private mutating func firePeriodic(_ now: MediaTime, _ reason: Reason) -> [Fire] {
        var fires: [Fire] = []
        for token in order {
            guard var p = periodic[token] else { continue }
            if now.isNumeric { p.lastSlot = Self.slot(now, p.interval) }
            periodic[token] = p
            fire(token, now, reason, into: &fires)
        }
        return fires
    }

    private mutating func fire(_ token: TimeObserverToken, _ time: MediaTime, _ reason: Reason,
                               into fires: inout [Fire]) {
        guard !inFlight.contains(token) else { return }
        inFlight.insert(token)
        fires.append(Fire(token: token, time: time, reason: reason))
    }

    private mutating func makeToken() -> TimeObserverToken {
        let token = TimeObserverToken(id: nextID)
        nextID += 1
        order.append(token)
        return token
    }

    /// floor(t / interval), exactly.
    static func slot(_ t: MediaTime, _ interval: MediaTime) -> Int64 {
        let n = Int128(t.value) * Int128(interval.timescale)
        let d = Int128(t.timescale) * Int128(interval.value)
        var (q, r) = n.quotientAndRemainder(dividingBy: d)
        if r != 0 && (n < 0) != (d < 0) { q -= 1 }
        return Int64(clamping: q)
    }

    static func isMultiple(_ t: MediaTime, _ interval: MediaTime) -> Bool {
        let n = Int128(t.value) * Int128(interval.timescale)
        let d = Int128(t.timescale) * Int128(interval.value)
        return n % d == 0
    }
}

extension MediaTime {
    /// `self` (a whole count, timescale 1) times `unit`.
    func scaled(by unit: MediaTime) -> MediaTime {
        MediaTime.clamped(Int128(value) * Int128(unit.value), timescale: unit.timescale)
    }
}
