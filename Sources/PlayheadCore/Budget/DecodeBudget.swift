/// The board's decoding shared by every player on it (each layer's, or the one player's): each
/// member's current item takes its share of the codec's capacity (its pixels per second over
/// what the board decodes of that codec per second), and the shares of all members may not go
/// over the whole. An item that does not fit is played with its key frames only when those fit
/// (a picture a second or so, never a stutter), and refused otherwise, each with one line saying
/// why. A member's next item is admitted ahead of its start (opened while the current one
/// plays): it reserves its share, and the share moves to it only when it starts decoding
/// (`decoding`), so the current item keeps its own until then and a next item refused never takes
/// it away. The next item is weighed against the others' shares and reservations, never against
/// its own member's current item (a loop never competes with itself).
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
    /// Each member's next item's share, admitted but not yet decoding.
    public private(set) var reserved: [Int: Double] = [:]

    public init(capacity: DecodeCapacity) { self.capacity = capacity }

    /// The share of the board's decoding in use now.
    public var used: Double { shares.values.reduce(0, +) }

    /// What the other members hold or have reserved, whichever is more for each (both may
    /// decode at once for a moment when an item hands over to the next).
    func held(byOthersThan member: Int) -> Double {
        Set(shares.keys).union(reserved.keys).filter { $0 != member }
            .reduce(0) { $0 + max(shares[$1] ?? 0, reserved[$1] ?? 0) }
    }

    /// Member `member` will play an item of `codec`, `size` pictures at `framesPerSecond` (0 or
    /// less: unknown, taken as 30); what it is granted is reserved until `decoding` moves it.
    public mutating func admit(_ member: Int, codec: String, size: PixelSize, framesPerSecond: Double) -> Grant {
        reserved[member] = nil
        guard let limit = capacity.limit(for: codec), size.width > 0, size.height > 0 else {
            reserved[member] = 0
            return .full
        }
        let fps = framesPerSecond > 0 && framesPerSecond.isFinite ? min(framesPerSecond, 240) : 30
        let pixels = Double(size.width) * Double(size.height)
        let share = pixels * fps / limit
        let left = max(0, 1 - held(byOthersThan: member))
        let needs = "\(codec) \(size.width)x\(size.height) at \(DecodeCapacity.short(fps)) fps needs \(Self.percent(share)) of what the board "
            + "decodes (decode-capacity \(codec)=\(DecodeCapacity.amountText(limit))), \(Self.percent(left)) is left"
        if share <= left {
            reserved[member] = share
            return .full
        }
        let keyShare = pixels * Self.keyFramesPerSecond / limit
        if keyShare <= left {
            reserved[member] = keyShare
            return .keyFramesOnly("\(needs); its key frames only are shown")
        }
        return .refused("\(needs); it is not played (give a smaller item, fewer layers, or a board that decodes more)")
    }

    /// Member `member` now decodes an item of `share` (its admitted share; 0 when it decodes
    /// nothing, its item stopped); its reservation is spent.
    public mutating func decoding(_ member: Int, share: Double) {
        shares[member] = share > 0 ? share : nil
        reserved[member] = nil
    }

    /// Member `member`'s next item will not play after all.
    public mutating func unreserve(_ member: Int) { reserved[member] = nil }

    /// Member `member` stopped for good.
    public mutating func release(_ member: Int) {
        shares[member] = nil
        reserved[member] = nil
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
