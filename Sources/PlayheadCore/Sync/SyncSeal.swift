/// The group key's proof on every datagram: a tag (HMAC-SHA-256 cut to 16 bytes, made by
/// `mac`) over the message, and per sender a sequence each number of which is taken once, so
/// that strangers' packets and packets recorded and played back later are ignored. A number
/// below the highest taken is still taken once within `window` of it (as IPsec's and DTLS's
/// anti-replay windows): a network that jitters reorders datagrams, and refusing every late
/// one refused about one a second on a wall's follower behind 4 +- 2 ms of netem.
public struct SyncSeal: Sendable {
    public static let tagBytes = 16
    /// How long a sender is remembered after its last datagram (its sequence with it).
    static let forgetAfter: Int64 = 60_000_000_000
    /// How far below a sender's highest number a datagram may come late.
    public static let window: UInt32 = 64

    private let mac: @Sendable ([UInt8]) -> [UInt8]
    /// Per sender: its highest number, which of the `window` numbers up to it came (bit k:
    /// highest - k), and when it was last heard.
    private var senders: [UInt64: (highest: UInt32, seen: UInt64, at: Int64)] = [:]
    /// Datagrams refused: not the group's key, malformed, or played back.
    public private(set) var refused = 0

    /// `mac`: the HMAC-SHA-256 of its input under the group's key (32 bytes).
    public init(mac: @escaping @Sendable ([UInt8]) -> [UInt8]) { self.mac = mac }

    public func seal(_ message: SyncMessage) -> [UInt8] {
        let bytes = message.encoded()
        return bytes + mac(bytes).prefix(Self.tagBytes)
    }

    /// The message, when the tag is the key's, it is well formed, for `group`, and its number
    /// is new from its sender; else nil (counted).
    public mutating func open(_ datagram: [UInt8], group: String, now: Int64) -> SyncMessage? {
        guard datagram.count > Self.tagBytes, datagram.count <= SyncMessage.maxBytes + Self.tagBytes else { return refuse() }
        let bytes = Array(datagram.dropLast(Self.tagBytes))
        let tag = datagram.suffix(Self.tagBytes)
        let expected = mac(bytes).prefix(Self.tagBytes)
        // Every byte compared, whatever the first difference: no timing hint for a forger.
        var difference: UInt8 = expected.count == Self.tagBytes ? 0 : 1
        for (a, b) in zip(tag, expected) { difference |= a ^ b }
        guard difference == 0, let message = SyncMessage.decode(bytes), message.group == group else { return refuse() }
        guard take(message.sequence, from: message.sender, now: now) else { return refuse() }
        if senders.count > 64 { senders = senders.filter { now - $0.value.at < Self.forgetAfter } }
        return message
    }

    /// Whether `sequence` is new from `sender` (and notes it).
    private mutating func take(_ sequence: UInt32, from sender: UInt64, now: Int64) -> Bool {
        guard let known = senders[sender] else {
            senders[sender] = (sequence, 1, now)
            return true
        }
        if sequence > known.highest {
            let ahead = sequence - known.highest
            senders[sender] = (sequence, ahead >= Self.window ? 1 : known.seen << UInt64(ahead) | 1, now)
            return true
        }
        let behind = known.highest - sequence
        guard behind < Self.window, known.seen & (1 << UInt64(behind)) == 0 else { return false }
        senders[sender] = (known.highest, known.seen | 1 << UInt64(behind), now)
        return true
    }

    private mutating func refuse() -> SyncMessage? {
        refused += 1
        return nil
    }
}
