import DequeModule

/// Decoded sound on its way to the device: the piece waiting to be written, the pieces pulled and
/// not heard yet, and the pieces to play again before anything new from the sources. A rate
/// change drops what the device holds and plays the sound again from the present at the new
/// rate, so what was pulled is kept until the clock has passed it.
public struct SoundLine: Sendable {
    /// Sound of one pass of an item (`segment`), at `timeline` on the player's timeline.
    public struct Piece: Sendable {
        public var buffer: AudioBuffer
        public var timeline: MediaTime
        public let segment: UInt64

        public init(buffer: AudioBuffer, timeline: MediaTime, segment: UInt64) {
            self.buffer = buffer
            self.timeline = timeline
            self.segment = segment
        }

        public var end: MediaTime { timeline + buffer.duration }
    }

    /// The piece next to be written; the writer trims it as the device takes it.
    public var waiting: Piece?
    private var pulled = Deque<Piece>()
    private var again = Deque<Piece>()

    public init() {}

    /// Whether sound waits to be played again.
    public var hasReplay: Bool { !again.isEmpty }

    /// Whether any sound of `segment` waits: to be written or played again.
    public func holds(segment: UInt64) -> Bool {
        waiting?.segment == segment || again.contains { $0.segment == segment }
    }

    /// Makes the next piece to play again the waiting one; false when there is none.
    public mutating func takeReplay() -> Bool {
        guard let piece = again.popFirst() else { return false }
        waiting = piece
        pulled.append(piece)
        return true
    }

    /// A piece pulled from a source becomes the waiting one, kept until heard.
    public mutating func take(_ piece: Piece) {
        waiting = piece
        pulled.append(piece)
    }

    /// The device took the waiting piece's first `frames`: what is left waits, or none.
    public mutating func wrote(frames: Int) {
        guard var piece = waiting else { return }
        if frames >= piece.buffer.frameCount {
            waiting = nil
        } else {
            piece.buffer = piece.buffer.dropping(frames: frames)
            piece.timeline = piece.timeline + piece.buffer.format.duration(ofFrames: frames)
            waiting = piece
        }
    }

    /// Drops the waiting piece's first `frames` (already written, or past): what is left starts
    /// at `start`.
    public mutating func dropWaiting(frames: Int, restartingAt start: MediaTime) {
        guard var piece = waiting else { return }
        if frames >= piece.buffer.frameCount {
            waiting = nil
        } else {
            piece.buffer = piece.buffer.dropping(frames: frames)
            piece.timeline = start
            waiting = piece
        }
    }

    /// Forgets the pieces the clock, at `timeline`, has passed: heard, they are not played again.
    public mutating func forgetHeard(before timeline: MediaTime) {
        while let first = pulled.first, first.end <= timeline { pulled.removeFirst() }
    }

    /// For a rate change: everything pulled and not heard yet (what the device held included) is
    /// to be played again from `present`, trimmed to start there, and nothing waits.
    public mutating func replay(from present: MediaTime, sampleRate: Int) {
        var all = pulled
        all.append(contentsOf: again)
        waiting = nil
        pulled.removeAll()
        again = Deque(all.compactMap { piece -> Piece? in
            var p = piece
            guard p.end > present else { return nil }
            if p.timeline < present {
                let n = Int((present - p.timeline).converted(to: Int32(sampleRate)).value)
                p.buffer = p.buffer.dropping(frames: n)
                p.timeline = p.timeline + p.buffer.format.duration(ofFrames: n)
            }
            return p.buffer.frameCount > 0 ? p : nil
        })
    }

    /// Drops the sound of `segment` (a pass no longer to follow).
    public mutating func remove(segment: UInt64) {
        if waiting?.segment == segment { waiting = nil }
        pulled.removeAll { $0.segment == segment }
        again.removeAll { $0.segment == segment }
    }

    public mutating func removeAll() {
        waiting = nil
        pulled.removeAll()
        again.removeAll()
    }
}
