/// The datagram's layout, big-endian: "PHSY", version 1, kind, sender, sequence, group; then
/// the body. Sealing (SyncSeal) appends the key's tag after it.
extension SyncMessage {
    static let magic: [UInt8] = Array("PHSY".utf8)
    static let version: UInt8 = 1
    /// No datagram of the channel is longer; anything longer is no member's.
    public static let maxBytes = 400

    public func encoded() -> [UInt8] {
        var w = WireWriter()
        for b in Self.magic { w.u8(b) }
        w.u8(Self.version)
        switch body {
        case .hello: w.u8(1)
        case .timeline: w.u8(2)
        case .ping: w.u8(3)
        case .pong: w.u8(4)
        }
        w.u64(sender)
        w.u32(sequence)
        w.text(group, max: Self.maxGroupBytes)
        switch body {
        case .hello(let role, let leading):
            w.u8(role.wireValue)
            w.u8(leading ? 1 : 0)
        case .timeline(let t):
            w.i32(Int32(clamping: t.entry))
            w.i32(Int32(clamping: t.entries))
            w.text(t.name, max: Self.maxNameBytes)
            w.i64(t.itemTime)
            w.i64(t.groupTime)
            w.i64(t.duration)
            w.i64(t.rate.numerator)
            w.i64(t.rate.denominator)
            w.u8(t.clock.wireValue)
        case .ping(let to, let sent):
            w.u64(to)
            w.i64(sent)
        case .pong(let to, let sent, let received, let answered):
            w.u64(to)
            w.i64(sent)
            w.i64(received)
            w.i64(answered)
        }
        return w.bytes
    }

    /// Nil for anything that is not exactly one well-formed message.
    public static func decode(_ bytes: [UInt8]) -> SyncMessage? {
        guard bytes.count <= maxBytes else { return nil }
        var r = WireReader(bytes)
        for b in magic { guard r.u8() == b else { return nil } }
        guard r.u8() == version, let kind = r.u8(), let sender = r.u64(), let sequence = r.u32(),
              let group = r.text(max: maxGroupBytes) else { return nil }
        let body: Body
        switch kind {
        case 1:
            guard let role = r.u8().flatMap(SyncRole.init(wireValue:)), let leading = r.u8(), leading <= 1 else { return nil }
            body = .hello(role: role, leading: leading == 1)
        case 2:
            guard let entry = r.i32(), let entries = r.i32(), entry >= 0, entries > entry,
                  let name = r.text(max: maxNameBytes), let itemTime = r.i64(), let groupTime = r.i64(), let duration = r.i64(), duration >= 0,
                  let num = r.i64(), let den = r.i64(), den > 0, den <= 1_000_000, (-1_000_000...1_000_000).contains(num),
                  let clock = r.u8().flatMap(SyncClockKind.init(wireValue:)) else { return nil }
            body = .timeline(SyncTimeline(entry: Int(entry), entries: Int(entries), name: name, itemTime: itemTime, groupTime: groupTime,
                                          rate: PlaybackRate(numerator: num, denominator: den), clock: clock, duration: duration))
        case 3:
            guard let to = r.u64(), let sent = r.i64() else { return nil }
            body = .ping(to: to, sent: sent)
        case 4:
            guard let to = r.u64(), let sent = r.i64(), let received = r.i64(), let answered = r.i64() else { return nil }
            body = .pong(to: to, sent: sent, received: received, answered: answered)
        default:
            return nil
        }
        guard r.isAtEnd else { return nil }
        return SyncMessage(sender: sender, sequence: sequence, group: group, body: body)
    }
}
