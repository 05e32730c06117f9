/// A time zone from Debian's tzdata: a TZif file's transitions (version 2 or later, 64-bit
/// times) and its footer's POSIX rule for the times after the last one. Parsed from the file's
/// bytes, so the rules are tested without the file system; PlayheadSys reads the file.
public struct TimeZoneRules: Sendable, Hashable {
    public let name: String
    /// Each transition's instant (Unix seconds) and the offset from it on (seconds east of UTC).
    let transitions: [(at: Int64, offset: Int)]
    /// Before the first transition.
    let initialOffset: Int
    let footer: PosixTimeZone?

    public static let utc = TimeZoneRules(name: "UTC", transitions: [], initialOffset: 0, footer: PosixTimeZone("UTC0"))

    init(name: String, transitions: [(at: Int64, offset: Int)], initialOffset: Int, footer: PosixTimeZone?) {
        self.name = name
        self.transitions = transitions
        self.initialOffset = initialOffset
        self.footer = footer
    }

    public static func == (a: TimeZoneRules, b: TimeZoneRules) -> Bool {
        a.name == b.name && a.initialOffset == b.initialOffset && a.footer == b.footer
            && a.transitions.elementsEqual(b.transitions) { $0.at == $1.at && $0.offset == $1.offset }
    }

    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(transitions.count)
    }

    /// A TZif file's bytes; the error names what is wrong in it.
    public static func parse(name: String, _ bytes: [UInt8]) -> Result<TimeZoneRules, SpecError> {
        var r = ByteReader(bytes)
        guard r.take(4) == Array("TZif".utf8), let version = r.take(1)?.first, version >= UInt8(ascii: "2") else {
            return .failure(SpecError("\(name): not a TZif file of version 2 or later"))
        }
        // The version 1 block (32-bit times) is skipped for the 64-bit one after it.
        guard let v1 = r.counts(), r.skip(v1.dataLength(timeSize: 4)), r.take(5) == Array("TZif".utf8) + [version],
              let c = r.counts(), c.typecnt > 0,
              let times = r.take(c.timecnt * 8), let indices = r.take(c.timecnt), let types = r.take(c.typecnt * 6),
              r.skip(c.charcnt + c.leapcnt * 12 + c.isstdcnt + c.isutcnt) else {
            return .failure(SpecError("\(name): a TZif file cut short or damaged"))
        }
        func offset(ofType t: Int) -> Int { Int(Int32(bitPattern: ByteReader.u32(types, t * 6))) }
        var transitions: [(at: Int64, offset: Int)] = []
        for k in 0..<c.timecnt {
            let index = Int(indices[k])
            guard index < c.typecnt else { return .failure(SpecError("\(name): a transition names no local time type")) }
            transitions.append((Int64(bitPattern: ByteReader.u64(times, k * 8)), offset(ofType: index)))
        }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0.at < $1.at }) else {
            return .failure(SpecError("\(name): transitions out of order"))
        }
        var footer: PosixTimeZone?
        if let rest = r.rest(), rest.first == UInt8(ascii: "\n"), let end = rest.dropFirst().firstIndex(of: UInt8(ascii: "\n")) {
            let text = String(decoding: rest[(rest.startIndex + 1)..<end], as: UTF8.self)
            if !text.isEmpty {
                guard let f = PosixTimeZone(text) else { return .failure(SpecError("\(name): its rule '\(text)' cannot be read")) }
                footer = f
            }
        }
        return .success(TimeZoneRules(name: name, transitions: transitions, initialOffset: offset(ofType: 0), footer: footer))
    }

    /// Seconds east of UTC at `utc` (Unix seconds).
    public func offset(at utc: Int64) -> Int {
        guard let last = transitions.last else { return footer?.offset(at: utc) ?? initialOffset }
        if utc >= last.at { return footer?.offset(at: utc) ?? last.offset }
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid].at <= utc { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initialOffset : transitions[lo - 1].offset
    }

    /// The local time of `utc`, as Unix seconds of that wall-clock time read as UTC.
    public func local(_ utc: Int64) -> Int64 { utc + Int64(offset(at: utc)) }

    /// The instant a wall-clock time `local` (seconds read as UTC) comes: the first of two when
    /// the clock goes back over it; when the clock jumps over it, the jump (the first instant
    /// whose local time is past it).
    public func instant(ofLocal local: Int64) -> Int64 {
        let offsets = Set([offset(at: local - 86_400), offset(at: local), offset(at: local + 86_400)])
        let fits = offsets.map { local - Int64($0) }.filter { self.local($0) == local }
        if let first = fits.min() { return first }
        // In a gap: the instant the clock jumps, found between the instants either side of it.
        var lo = local - Int64(offsets.max() ?? 0), hi = local - Int64(offsets.min() ?? 0)
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if self.local(mid) >= local { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}

/// Big-endian reads through a TZif file.
private struct ByteReader {
    struct Counts {
        var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int
        func dataLength(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    let bytes: [UInt8]
    var i = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func take(_ n: Int) -> [UInt8]? {
        guard n >= 0, bytes.count - i >= n else { return nil }
        defer { i += n }
        return Array(bytes[i..<(i + n)])
    }

    mutating func skip(_ n: Int) -> Bool { take(n) != nil }

    mutating func rest() -> ArraySlice<UInt8>? { i < bytes.count ? bytes[i...] : nil }

    /// The header after the version: 15 reserved bytes and six counts, each bounded so a damaged
    /// file cannot ask for more than it holds.
    mutating func counts() -> Counts? {
        guard skip(15), let raw = take(24) else { return nil }
        let n = (0..<6).map { Int(Self.u32(raw, $0 * 4)) }
        guard n.allSatisfy({ $0 <= bytes.count }) else { return nil }
        return Counts(isutcnt: n[0], isstdcnt: n[1], leapcnt: n[2], timecnt: n[3], typecnt: n[4], charcnt: n[5])
    }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(b[at + $1]) }
    }

    static func u64(_ b: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(b[at + $1]) }
    }
}
