/// A subtitle track's cues in time order: which show at a time, and when what shows next
/// changes, so that whoever draws them draws again only then (never by polling).
public struct SubtitleSchedule: Sendable, Equatable {
    public private(set) var cues: [SubtitleCue] = []
    /// A hostile file is not allowed to fill memory: cues past this are left out and counted.
    public let capacity: Int
    /// Bitmap subtitles are pictures: a film's PGS track is tens of megabytes read whole; past
    /// this, later cues are left out (and counted) rather than memory filled.
    public let imageByteCapacity: Int
    public private(set) var imageBytes = 0
    public private(set) var leftOut = 0

    public init(capacity: Int = 100_000, imageByteCapacity: Int = 64 << 20) {
        self.capacity = capacity
        self.imageByteCapacity = imageByteCapacity
    }

    /// Adds a cue in its place by start time (streams give them in order; files need not).
    public mutating func add(_ cue: SubtitleCue) {
        let bytes = cue.images.reduce(0) { $0 + $1.byteCount }
        guard cues.count < capacity, imageBytes + bytes <= imageByteCapacity else {
            leftOut += 1
            return
        }
        imageBytes += bytes
        if let last = cues.last, last.startMilliseconds > cue.startMilliseconds {
            let at = cues.firstIndex { $0.startMilliseconds > cue.startMilliseconds } ?? cues.endIndex
            cues.insert(cue, at: at)
        } else {
            cues.append(cue)
        }
    }

    /// The cues shown at `milliseconds`, in time order.
    public func shown(at milliseconds: Int64) -> [SubtitleCue] {
        // Cues are short and rarely overlap: look back from the last cue started by then.
        let started = cues.partitionIndex { $0.startMilliseconds > milliseconds }
        var out: [SubtitleCue] = []
        var i = started
        while i > 0 {
            i -= 1
            if cues[i].isShown(at: milliseconds) { out.append(cues[i]) }
            if milliseconds - cues[i].startMilliseconds > Self.longestLookBack { break }
        }
        return out.reversed()
    }

    /// The first time after `milliseconds` at which what is shown changes; nil: never again.
    public func nextChange(after milliseconds: Int64) -> Int64? {
        var next: Int64?
        let started = cues.partitionIndex { $0.startMilliseconds > milliseconds }
        if started < cues.endIndex { next = cues[started].startMilliseconds }
        for cue in shown(at: milliseconds) where cue.endMilliseconds > milliseconds {
            next = min(next ?? cue.endMilliseconds, cue.endMilliseconds)
        }
        return next
    }

    /// A cue longer than this is not looked for behind later ones (a subtitle shown for over
    /// ten minutes is a broken file's, not a film's).
    static let longestLookBack: Int64 = 600_000
}

extension Array {
    /// The first index whose element satisfies `belongs`, for an array where every such element
    /// comes after every other (a binary search).
    func partitionIndex(where belongs: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
