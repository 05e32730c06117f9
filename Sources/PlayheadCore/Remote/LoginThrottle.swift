/// Failed logins per peer: a few mistakes are free, then each further failure locks the peer
/// out for twice as long as the last, up to a cap. A correct token clears the record. At most
/// `maxPeers` are tracked (the oldest record goes), so a flood of addresses costs bounded memory.
public struct LoginThrottle: Sendable {
    public struct Record: Sendable, Equatable {
        public var failures: Int
        public var lockedUntil: Int64
        public var lastSeen: Int64
    }

    public let freeFailures: Int
    public let firstLockout: Int64
    public let maxLockout: Int64
    public let maxPeers: Int
    public private(set) var records: [String: Record] = [:]

    public init(freeFailures: Int = 5, firstLockoutNanoseconds: Int64 = 1_000_000_000,
                maxLockoutNanoseconds: Int64 = 300_000_000_000, maxPeers: Int = 256) {
        self.freeFailures = freeFailures
        firstLockout = firstLockoutNanoseconds
        maxLockout = maxLockoutNanoseconds
        self.maxPeers = max(1, maxPeers)
    }

    /// Nil when `peer` may try now; else the nanoseconds it must wait.
    public func wait(for peer: String, now: Int64) -> Int64? {
        guard let r = records[peer], r.lockedUntil > now else { return nil }
        return r.lockedUntil - now
    }

    public mutating func failed(_ peer: String, now: Int64) {
        var r = records[peer] ?? Record(failures: 0, lockedUntil: 0, lastSeen: now)
        r.failures += 1
        r.lastSeen = now
        let over = r.failures - freeFailures
        if over > 0 {
            // 1, 2, 4 ... seconds; the shift is bounded before it could overflow.
            let lockout = over > 30 ? maxLockout : min(maxLockout, firstLockout << Int64(over - 1))
            r.lockedUntil = now + lockout
        }
        if records[peer] == nil && records.count >= maxPeers, let oldest = records.min(by: { $0.value.lastSeen < $1.value.lastSeen }) {
            records.removeValue(forKey: oldest.key)
        }
        records[peer] = r
    }

    public mutating func succeeded(_ peer: String) {
        records.removeValue(forKey: peer)
    }
}
