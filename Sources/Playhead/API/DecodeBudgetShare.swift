import PlayheadCore
import PlayheadSys
import Synchronization

/// The board's decoding shared by every player on it (DecodeBudget decides): each player's
/// PlaybackEnvironment gets `decodeBudget = share.member(name:)`. Each opened item asks for its
/// share and takes it when it starts decoding; one that does not fit plays its key frames only or
/// is refused, said in one line (once per player and file, not at every loop).
public final class DecodeBudgetShare: Sendable {
    private let state: Mutex<State>

    private struct State {
        var budget: DecodeBudget
        var names: [String] = []
        var said: Set<String> = []
    }

    public init(capacity: DecodeCapacity) {
        state = Mutex(State(budget: DecodeBudget(capacity: capacity)))
    }

    /// A player's place in the budget; `name` (a layer's) is what its lines say.
    public func member(name: String) -> DecodeBudgetMember {
        let index = state.withLock { s in
            s.names.append(name)
            return s.names.count - 1
        }
        return DecodeBudgetMember(share: self, index: index)
    }

    /// The share of the board's decoding in use, 1 being all of it.
    public var used: Double { state.withLock { $0.budget.used } }

    /// An opened item's grant and the share it takes when it starts (`decoding`).
    func admit(_ index: Int, _ info: MediaInfo, url: String) -> (DecodeBudget.Grant, share: Double) {
        guard let video = info.tracks.first(where: { $0.mediaType == .video }) else { return (.full, 0) }
        let fps = video.frameRate.isNumeric && video.frameRate.value > 0 ? video.frameRate.seconds : 0
        let (grant, share, name, say): (DecodeBudget.Grant, Double, String, Bool) = state.withLock { s in
            let grant = s.budget.admit(index, codec: video.codec, size: video.naturalSize, framesPerSecond: fps)
            let key = "\(index) \(url) \(grant)"
            return (grant, s.budget.reserved[index] ?? 0, s.names[index], grant != .full && s.said.insert(key).inserted)
        }
        if say, case .keyFramesOnly(let why) = grant { Log.warning("decode budget: \(name): \(url): \(why)") }
        return (grant, share)
    }

    func decoding(_ index: Int, share: Double) { state.withLock { $0.budget.decoding(index, share: share) } }

    func unreserve(_ index: Int) { state.withLock { $0.budget.unreserve(index) } }

    func release(_ index: Int) { state.withLock { $0.budget.release(index) } }
}

/// One player's place in a DecodeBudgetShare.
public struct DecodeBudgetMember: Sendable {
    public let share: DecodeBudgetShare
    public let index: Int
}
