/// CEA-608/708 captions as H.264 carries them (ATSC A/53): `cc_data` in each picture's SEI
/// (user data registered by ITU-T T.35, "GA94", type 3). This finds those bytes in a packet
/// without decoding the picture: FFmpeg's caption decoder takes them as its packets.
/// Every length is checked against what is there: a damaged packet gives fewer bytes, never a
/// read past its end.
public enum CaptionData {
    /// The track number a video stream's captions are offered under: 2000 + the stream's.
    public static let firstTrackID = 2000

    /// The subtitle option for the captions in video stream `stream`.
    public static func option(videoStream stream: Int) -> MediaSelectionOption {
        MediaSelectionOption(characteristic: .legible, trackID: firstTrackID + stream, language: nil, title: "CC1",
                             traits: .captions, codec: "eia_608")
    }

    /// The cc_data triplets (3 bytes each: marker, valid and type bits; two caption bytes) of
    /// one H.264 packet. `lengthSize`: the NAL length field's size for MP4 and Matroska
    /// (avcC), nil for a stream of start codes (MPEG-TS).
    public static func triplets(in packet: [UInt8], lengthSize: Int?) -> [UInt8] {
        var out: [UInt8] = []
        for nal in units(packet, lengthSize: lengthSize) where nal.count > 1 && nal[nal.startIndex] & 0x1f == 6 {
            seiMessages(unescaped(nal.dropFirst()), into: &out)
        }
        return out
    }

    /// The NAL units of a packet.
    static func units(_ p: [UInt8], lengthSize: Int?) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        if let size = lengthSize, (1...4).contains(size) {
            var i = 0
            while i + size <= p.count {
                let length = p[i..<i + size].reduce(0) { $0 << 8 | Int($1) }
                i += size
                guard length > 0, length <= p.count - i else { break }
                out.append(p[i..<i + length])
                i += length
            }
            return out
        }
        // Start codes: 00 00 01 (a 00 before it is the 4-byte form's).
        var starts: [Int] = []
        var i = 0
        while i + 2 < p.count {
            if p[i] == 0, p[i + 1] == 0, p[i + 2] == 1 {
                starts.append(i + 3)
                i += 3
            } else {
                i += 1
            }
        }
        for (n, start) in starts.enumerated() {
            var end = n + 1 < starts.count ? starts[n + 1] - 3 : p.count
            while end > start, p[end - 1] == 0 { end -= 1 }
            if start < end { out.append(p[start..<end]) }
        }
        return out
    }

    /// The RBSP: each emulation prevention byte (00 00 03) taken out.
    static func unescaped(_ nal: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(nal.count)
        var zeros = 0
        for b in nal {
            if zeros >= 2 && b == 3 {
                zeros = 0
                continue
            }
            zeros = b == 0 ? zeros + 1 : 0
            out.append(b)
        }
        return out
    }

    /// Each SEI message; the A/53 caption ones add their triplets.
    static func seiMessages(_ sei: [UInt8], into out: inout [UInt8]) {
        var i = 0
        func number() -> Int? {
            var n = 0
            while i < sei.count {
                let b = Int(sei[i])
                i += 1
                n += b
                if b != 0xff { return n }
            }
            return nil
        }
        // The last byte is the RBSP's stop bit (0x80).
        while i < sei.count - 1 {
            guard let type = number(), let size = number(), size <= sei.count - i else { return }
            if type == 4 { captions(sei[i..<i + size], into: &out) }
            i += size
        }
    }

    /// One T.35 user data message: the triplets if it is A/53 cc_data.
    static func captions(_ m: ArraySlice<UInt8>, into out: inout [UInt8]) {
        let b = Array(m)
        // Country 0xB5 (United States), provider 0x0031 (ATSC), "GA94", type 3 (cc_data).
        guard b.count >= 10, b[0] == 0xb5, b[1] == 0x00, b[2] == 0x31, Array(b[3..<7]) == Array("GA94".utf8), b[7] == 3,
              b[8] & 0x40 != 0 else { return }
        let count = Int(b[8] & 0x1f)
        let bytes = min(count * 3, (b.count - 10) / 3 * 3)
        out += b[10..<10 + bytes]
    }
}
