/// CEA-708's transport inside A/53 `cc_data`: a DTVCC packet starts in a triplet of type 3 and
/// goes on in triplets of type 2, two bytes each, until its header's size is reached. 608's
/// triplets (types 0 and 1) and invalid ones are skipped; a packet cut short by a new start is
/// dropped, as a decoder tuning in mid-packet must.
public struct DTVCCPacketAssembler: Sendable, Equatable {
    private var bytes: [UInt8] = []
    private var expected = 0

    public init() {}

    /// The packets `triplets` (3 bytes each, as `CaptionData.triplets` gives them) complete.
    public mutating func add(_ triplets: [UInt8]) -> [[UInt8]] {
        var done: [[UInt8]] = []
        var i = 0
        while i + 3 <= triplets.count {
            let head = triplets[i], pair = (triplets[i + 1], triplets[i + 2])
            i += 3
            guard head & 0x04 != 0 else { continue }
            switch head & 0x03 {
            case 3:
                // packet_size_code counts pairs of bytes, the header's included; 0 means 64 pairs.
                let code = Int(pair.0 & 0x3f)
                expected = code == 0 ? 128 : code * 2
                bytes = [pair.0, pair.1]
            case 2 where expected > 0:
                bytes.append(pair.0)
                bytes.append(pair.1)
            default:
                continue
            }
            if expected > 0, bytes.count >= expected {
                done.append(Array(bytes.prefix(expected)))
                bytes.removeAll(keepingCapacity: true)
                expected = 0
            }
        }
        return done
    }

    /// The service blocks of one packet (its header byte first), in order: each service's
    /// number and its bytes. A block that claims more than the packet holds is cut to what is
    /// there; the null block (service 0) ends the packet, its padding.
    public static func serviceBlocks(of packet: [UInt8]) -> [(service: Int, bytes: ArraySlice<UInt8>)] {
        var out: [(Int, ArraySlice<UInt8>)] = []
        var i = 1
        while i < packet.count {
            var service = Int(packet[i] >> 5)
            let size = Int(packet[i] & 0x1f)
            i += 1
            if service == 0 || size == 0 { break }
            if service == 7 {
                guard i < packet.count else { break }
                service = Int(packet[i] & 0x3f)
                i += 1
            }
            let end = min(packet.count, i + size)
            out.append((service, packet[i..<end]))
            i = end
        }
        return out
    }
}
