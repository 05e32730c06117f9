/// What a board decodes in real time, per codec, in pixels per second (a 1280x720 clip at 30
/// fps is 27.6 M): the figure the bench measures (`make bench`), given as
/// `decode-capacity = h264=26M vp9=9M *=20M` (`*`: any other codec; a codec not listed and no
/// `*`: not limited). K and M are thousands and millions.
public struct DecodeCapacity: Sendable, Hashable, CustomStringConvertible {
    public let perCodec: [String: Double]

    public init(_ perCodec: [String: Double]) { self.perCodec = perCodec }

    public static func parse(_ text: String) -> Result<DecodeCapacity, SpecError> {
        var table: [String: Double] = [:]
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
            let parts = word.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 32,
                  parts[0].allSatisfy({ $0 == "*" || $0.isLetter || $0.isNumber || $0 == "_" }) else {
                return .failure(SpecError("'\(word)' is not CODEC=PIXELS_PER_SECOND (h264=26M)"))
            }
            guard let value = Self.amount(String(parts[1])), value > 0, value <= 1e12 else {
                return .failure(SpecError("\(parts[0]): '\(parts[1])' is not a number of pixels per second (26M, 900K)"))
            }
            table[parts[0].lowercased()] = value
        }
        guard !table.isEmpty else { return .failure(SpecError("give CODEC=PIXELS_PER_SECOND pairs (h264=26M vp9=9M)")) }
        return .success(DecodeCapacity(table))
    }

    private static func amount(_ text: String) -> Double? {
        let scale: Double = text.hasSuffix("M") || text.hasSuffix("m") ? 1e6 : text.hasSuffix("K") || text.hasSuffix("k") ? 1e3 : 1
        let digits = scale == 1 ? text : String(text.dropLast())
        guard let n = Double(digits), n.isFinite else { return nil }
        return n * scale
    }

    /// Pixels per second `codec` decodes at, or nil when it is not limited.
    public func limit(for codec: String) -> Double? { perCodec[codec.lowercased()] ?? perCodec["*"] }

    public var description: String {
        perCodec.keys.sorted().map { "\($0)=\(Self.amountText(perCodec[$0]!))" }.joined(separator: " ")
    }

    /// Pixels per second as they are written: 26M, 900K, 200.
    static func amountText(_ v: Double) -> String {
        v >= 1e6 ? "\(short(v / 1e6))M" : v >= 1e3 ? "\(short(v / 1e3))K" : short(v)
    }

    static func short(_ v: Double) -> String {
        v == v.rounded() ? "\(Int(v))" : "\((v * 10).rounded() / 10)"
    }
}
