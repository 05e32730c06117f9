import PlayheadCore
import PlayheadHTTP
import Synchronization

/// A remote that records the lines it was sent and feeds events it is told to.
final class FakeRemote: RemoteControl {
    struct State {
        var lines: [String] = []
        var followers: [Int: @Sendable (String) -> Void] = [:]
        var nextFollower = 0
        var stopped = 0
        var presented = 10.0
    }
    let state = Mutex(State())
    let mediaFolder: String?
    let screen: Result<[UInt8], CommandError>
    /// A value each time a client starts following events.
    let followed: AsyncStream<Void>
    private let followedInput: AsyncStream<Void>.Continuation

    init(mediaFolder: String? = nil, screen: Result<[UInt8], CommandError> = .failure(CommandError("screenshots need --video-output drm"))) {
        self.mediaFolder = mediaFolder
        self.screen = screen
        (followed, followedInput) = AsyncStream<Void>.makeStream()
    }

    func command(_ line: String) -> String {
        state.withLock { $0.lines.append(line) }
        return line == "bogus" ? Reply.error("unknown command 'bogus'").rendered(as: .json) : Reply.done.rendered(as: .json)
    }

    func statusJSON() -> String { #"{"state":"playing","position":"1/1","volume":1,"muted":false,"uptime":1}"# }

    func followEvents(_ deliver: @escaping @Sendable (String) -> Void) -> EventFollowing {
        let id = state.withLock { s in
            defer { s.nextFollower += 1 }
            s.followers[s.nextFollower] = deliver
            return s.nextFollower
        }
        deliver(#"{"event":"rateChanged","rate":1}"#)
        followedInput.yield()
        return EventFollowing { [self] in state.withLock { s in
            s.followers[id] = nil
            s.stopped += 1
        } }
    }

    var followers: Int { state.withLock { $0.followers.count } }

    func screenshot() async -> Result<[UInt8], CommandError> { screen }

    func metrics() -> RemoteMetrics {
        let presented = state.withLock { $0.presented }
        return RemoteMetrics(counters: [.init("frames_presented", unit: "total", presented, help: "pictures")],
                             gauges: [.init("temperature", unit: "celsius", 41.5, help: "heat", labels: [("zone", "cpu-thermal")])])
    }

    func logTail(_ limit: Int) -> [String] { Array(["one", "two \"quoted\"", "three"].suffix(limit)) }
}
