/// The board's decoding shared by every player on it (each layer's, or the one player's): each
/// member's current item takes its share of the codec's capacity (its pixels per second over
/// what the board decodes of that codec per second), and the shares of all members may not go
/// over the whole. An item that does not fit is played with its key frames only when those fit
/// (a picture a second or so, never a stutter), and refused otherwise, each with one line saying
/// why. A member's next item replaces its own share (a playlist's next item, a loop), so an item
/// followed by itself never competes with itself.
///
/// A value stepped under one lock by the members' engines (DecodeBudgetShare), or by a test.
public struct DecodeBudget: Sendable {
    public enum Grant: Sendable, Equatable {
        case full
        /// Decode key frames only; `reason` says why.
        case keyFramesOnly(String)
        case refused(String)
    }

    /// Key frames only: about one picture a second is decoded (streams' key frames come every
    /// one to ten seconds; one a second is the dearest case).
    static let keyFramesPerSecond = 1.0

    public let capacity: DecodeCapacity
    /// Each member's share of the board's decoding (1 is all of it).
    public private(set) var shares: [Int: Double] = [:]

    public init(capacity: DecodeCapacity) { self.capacity = capacity }

    public var used: Double { shares.values.reduce(0, +) }

    /// Member `member` starts an item of `codec`, `size` pictures at `framesPerSecond` (0 or
    /// less: unknown, taken as 30).
    public mutating func admit(_ member: Int, codec: String, size: PixelSize, framesPerSecond: Double) -> Grant {
        shares[member] = nil
        guard let limit = capacity.limit(for: codec), size.width > 0, size.height > 0 else { return .full }
        let fps = framesPerSecond > 0 && framesPerSecond.isFinite ? min(framesPerSecond, 240) : 30
        let pixels = Double(size.width) * Double(size.height)
        let share = pixels * fps / limit
        let left = max(0, 1 - used)
        let needs = "\(codec) \(size.width)x\(size.height) at \(DecodeCapacity.short(fps)) fps needs \(Self.percent(share)) of what the board "
            + "decodes (decode-capacity \(codec)=\(DecodeCapacity.amountText(limit))), \(Self.percent(left)) is left"
        if share <= left {
            shares[member] = share
            return .full
        }
        let keyShare = pixels * Self.keyFramesPerSecond / limit
        if keyShare <= left {
            shares[member] = keyShare
            return .keyFramesOnly("\(needs); its key frames only are shown")
        }
        return .refused("\(needs); it is not played (give a smaller item, fewer layers, or a board that decodes more)")
    }

    /// Member `member`'s item ended, or it stopped.
    public mutating func release(_ member: Int) { shares[member] = nil }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
