/// Which captions a video stream carries, from its first pictures' cc_data: CEA-608's first
/// channel (a field-1 triplet with something other than padding in it) and the CEA-708
/// services seen. Each becomes a subtitle option: CC1 at 2000 + the stream's number, service
/// N at 3000 + 64 x the stream's number + N.
public struct CaptionKinds: Sendable, Equatable {
    public var videoStream: Int
    public var hasCC1 = false
    public var services: [Int] = []
    private var assembler = DTVCCPacketAssembler()

    public init(videoStream: Int) { self.videoStream = videoStream }

    public static let firstServiceTrackID = 3000

    /// Looks at one picture's triplets.
    public mutating func look(at triplets: [UInt8]) {
        var i = 0
        while i + 3 <= triplets.count {
            if triplets[i] & 0x07 == 0x04, triplets[i + 1] & 0x7f != 0 || triplets[i + 2] & 0x7f != 0 { hasCC1 = true }
            i += 3
        }
        for packet in assembler.add(triplets) {
            for block in DTVCCPacketAssembler.serviceBlocks(of: packet) where !services.contains(block.service) {
                services.append(block.service)
            }
        }
    }

    public var isEmpty: Bool { !hasCC1 && services.isEmpty }

    /// The options, CC1 first (what `captions` chooses when both are there: the one every
    /// recording of such a broadcast has), then the services by number.
    public var options: [MediaSelectionOption] {
        (hasCC1 ? [CaptionData.option(videoStream: videoStream)] : []) + services.sorted().map { service in
            MediaSelectionOption(characteristic: .legible, trackID: Self.firstServiceTrackID + 64 * videoStream + service,
                                 language: nil, title: "CS\(service)", traits: .captions, codec: "cea_708")
        }
    }

    /// The video stream and 708 service (nil for 608's CC1) a caption option's track names.
    public static func source(ofTrack id: Int) -> (videoStream: Int, service: Int?)? {
        if id >= firstServiceTrackID {
            let n = id - firstServiceTrackID
            return n % 64 == 0 ? nil : (n / 64, n % 64)
        }
        if id >= CaptionData.firstTrackID { return (id - CaptionData.firstTrackID, nil) }
        return nil
    }
}
