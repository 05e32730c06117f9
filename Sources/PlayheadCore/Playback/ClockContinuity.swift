/// The item's timeline kept whole across a stream whose own clock restarts (an MPEG-TS clock
/// reset where recordings were joined, an HLS discontinuity: formats FFmpeg marks as having
/// timestamp discontinuities). A packet more than `threshold` from where its stream's last one
/// ended is a jump: from there on that stream's packets are moved by as much, so that they
/// follow on, and the first stream to jump sets the move for the others (which reach the same
/// place in their own time): sound and picture stay together, as ffmpeg's own tools keep them.
public struct ClockContinuity: Sendable {
    /// Further apart than this, two packets of one stream are a jump, not a pause (ffmpeg's
    /// tools take 10 s; a picture or a sound packet is never a second long in these formats).
    public static let threshold = MediaTime(value: 1, timescale: 1)

    struct Stream {
        var offset: MediaTime
        var expected: MediaTime?
    }

    /// The newest move, which streams that have not jumped yet take when they do.
    public private(set) var offset = MediaTime.zero
    private var streams: [Int: Stream] = [:]
    /// Whether any jump was taken (the container's duration then means nothing).
    public private(set) var hasJumped = false

    public init() {}

    /// For a packet of `stream` decoded at `time` (the item's timeline, as the container says
    /// it) lasting `duration` (invalid: unknown): the move to add to its times, and, when this
    /// packet is its stream's first after a jump, where that stream was then (each stream
    /// crosses the jump at its own place: the sound of a recording may end before its pictures).
    public mutating func take(stream: Int, time: MediaTime, duration: MediaTime) -> (offset: MediaTime, jumpedAt: MediaTime?) {
        var s = streams[stream] ?? Stream(offset: offset, expected: nil)
        guard time.isNumeric else { return (s.offset, nil) }
        var jumpedAt: MediaTime?
        if let expected = s.expected, Self.apart(time + s.offset, expected) {
            let wanted = expected - time
            if s.offset != offset && !Self.apart(wanted, offset) {
                // Another stream took this jump already: the same move keeps them together.
                s.offset = offset
            } else {
                s.offset = wanted
                offset = wanted
                hasJumped = true
            }
            jumpedAt = expected
        }
        let shifted = time + s.offset
        s.expected = duration.isNumeric && duration > .zero ? shifted + duration : shifted
        streams[stream] = s
        return (s.offset, jumpedAt)
    }

    /// After a seek: the container's own times again, from wherever it landed.
    public mutating func reset() {
        offset = .zero
        streams.removeAll()
    }

    private static func apart(_ a: MediaTime, _ b: MediaTime) -> Bool {
        a - b > threshold || b - a > threshold
    }
}
