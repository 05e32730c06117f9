/// The group key's proof on every datagram: a tag (HMAC-SHA-256 cut to 16 bytes, made by
/// `mac`) over the message, and per sender a sequence that must rise, so that strangers'
/// packets and packets recorded and played back later are ignored.
public struct SyncSeal: Sendable {
    public static let tagBytes = 16
    /// How long a sender is remembered after its last datagram (its sequence with it).
    static let forgetAfter: Int64 = 60_000_000_000

    private let mac: @Sendable ([UInt8]) -> [UInt8]
    private var lastSequence: [UInt64: (sequence: UInt32, at: Int64)] = [:]
    /// Datagrams refused: not the group's key, malformed, or played back.
    public private(set) var refused = 0

    /// `mac`: the HMAC-SHA-256 of its input under the group's key (32 bytes).
    public init(mac: @escaping @Sendable ([UInt8]) -> [UInt8]) { self.mac = mac }

    public func seal(_ message: SyncMessage) -> [UInt8] {
        let bytes = message.encoded()
        return bytes + mac(bytes).prefix(Self.tagBytes)
    }

    /// The message, when the tag is the key's, it is well formed, for `group`, and newer than
    /// the sender's last; else nil (counted).
    public mutating func open(_ datagram: [UInt8], group: String, now: Int64) -> SyncMessage? {
        guard datagram.count > Self.tagBytes, datagram.count <= SyncMessage.maxBytes + Self.tagBytes else { return refuse() }
        let bytes = Array(datagram.dropLast(Self.tagBytes))
        let tag = datagram.suffix(Self.tagBytes)
        let expected = mac(bytes).prefix(Self.tagBytes)
        // Every byte compared, whatever the first difference: no timing hint for a forger.
        var difference: UInt8 = expected.count == Self.tagBytes ? 0 : 1
        for (a, b) in zip(tag, expected) { difference |= a ^ b }
        guard difference == 0, let message = SyncMessage.decode(bytes), message.group == group else { return refuse() }
        if let last = lastSequence[message.sender], message.sequence <= last.sequence { return refuse() }
        lastSequence[message.sender] = (message.sequence, now)
        if lastSequence.count > 64 { lastSequence = lastSequence.filter { now - $0.value.at < Self.forgetAfter } }
        return message
    }

    private mutating func refuse() -> SyncMessage? {
        refused += 1
        return nil
    }
}
