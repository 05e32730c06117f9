/// Which decoded frames reverse playback holds. A GOP decodes forwards from its keyframe but is
/// shown last frame first, so its frames wait for the GOP's end; holding them all costs a
/// whole GOP of pictures, hundreds on a long-GOP stream. The window keeps only the `capacity`
/// latest frames before `limit`, and the rest of the GOP comes in later passes: decoded again
/// from the keyframe, each with the earliest time the pass before kept (`lowerBound`) as its
/// limit.
///
/// The demuxer runs a window over the times of the packets it hands over, so it knows the next
/// limit without waiting for the decoder, and tells the decoder where its pass starts: a pass
/// shows `[lowerBound, limit)` and the next one ends where it starts, so no frame is shown twice
/// and, with one frame per packet, none is left out.
public struct ReverseWindow<Element> {
    public let limit: MediaTime
    public let capacity: Int
    /// Ascending by time.
    public private(set) var kept: [(time: MediaTime, element: Element)] = []

    public init(limit: MediaTime, capacity: Int) {
        precondition(capacity >= 1, "a reverse window must hold at least one frame")
        self.limit = limit
        self.capacity = capacity
    }

    /// Keeps `element` if it is among the `capacity` latest before `limit`, pushing out the
    /// earliest kept one when full. Returns whether it was kept.
    @discardableResult
    public mutating func offer(_ element: Element, at time: MediaTime) -> Bool {
        guard time.isNumeric, time < limit else { return false }
        if kept.count == capacity {
            // Equal times: the one kept first stays, so demuxer and decoder agree.
            guard time > kept[0].time else { return false }
            kept.removeFirst()
        }
        let at = kept.firstIndex { $0.time > time } ?? kept.count
        kept.insert((time, element), at: at)
        return true
    }

    public var count: Int { kept.count }

    /// The earliest time kept: where this pass starts and the next one's limit. Nil when
    /// nothing came before `limit` (the start of the stream).
    public var lowerBound: MediaTime? { kept.first?.time }

    /// What the pass shows: the frames kept at or after `start`, latest first, each with the
    /// time the next later one starts (`limit` for the latest), which ends it.
    public func shown(from start: MediaTime) -> [(element: Element, time: MediaTime, end: MediaTime)] {
        var result: [(element: Element, time: MediaTime, end: MediaTime)] = []
        var end = limit
        for (time, element) in kept.reversed() where time >= start {
            result.append((element, time, end))
            end = time
        }
        return result
    }
}

extension ReverseWindow where Element == Void {
    /// For the demuxer, which counts times only.
    @discardableResult
    public mutating func offer(_ time: MediaTime) -> Bool { offer((), at: time) }
}

extension ReverseWindow: Sendable where Element: Sendable {}
