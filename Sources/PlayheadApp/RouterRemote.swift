import Playhead
import PlayheadHTTP
import PlayheadSys

/// The HTTP API's way into the appliance: commands through the same router as the console
/// and the socket, events as a session that follows them, the screen through the console's
/// screenshot, and the numbers /metrics shows.
final class RouterRemote: RemoteControl {
    let router: CommandRouter
    let tally: EventTally
    let mediaFolder: String?
    /// The path whose partition's writes are counted (the state file's: /data on a board).
    let dataPath: String?
    private let files = FileWorker(name: "http-screens")

    init(router: CommandRouter, tally: EventTally, mediaFolder: String?, dataPath: String?) {
        self.router = router
        self.tally = tally
        self.mediaFolder = mediaFolder
        self.dataPath = dataPath
    }

    func stop() { files.stop() }

    func command(_ line: String) -> String {
        // A session of its own per request: `json`/`text` and `events` change nothing beyond it.
        let session = ControlSession(name: "http", format: .json) { _ in }
        return Reply.bounded(router.handle(line: line, from: session), limit: 1 << 20, format: .json)
    }

    func statusJSON() -> String {
        switch router.perform(.status) {
        case .ok(let value): return value.json
        case .error(let e): return Reply.error(e).rendered(as: .json)
        }
    }

    func followEvents(_ deliver: @escaping @Sendable (String) -> Void) -> EventFollowing {
        let session = ControlSession(name: "http events", format: .json, output: deliver)
        session.followsEvents = true
        router.register(session)
        return EventFollowing { [router] in router.unregister(session) }
    }

    func logTail(_ limit: Int) -> [String] { LogSettings.recentLines(limit) }

    /// The console's screenshot, read once the writer says it is whole (or why it is not).
    func screenshot() async -> Result<[UInt8], CommandError> {
        let path: String
        switch router.player.screenshot() {
        case .failure(let e): return .failure(e)
        case .success(let p): path = p
        }
        let player = router.player
        // Blocking waits belong on the worker's thread, not the task pool.
        let read = await files.run { () -> Result<[UInt8], CommandError> in
            if let why = player.screenshotOutcome(path, waitingMilliseconds: 8000) { return .failure(CommandError(why)) }
            return FileInput.bytes(path, limit: 64 << 20).mapError { failure in
                switch failure.read {
                case .missing: CommandError("the screenshot \(path) was removed before it was read")
                case .tooLarge: CommandError("the screenshot \(path) is over 64 MB")
                case .unreadable(let why): CommandError("the screenshot \(path) cannot be read (\(why))")
                case .text: CommandError("the screenshot \(path) cannot be read")
                }
            }
        }
        return read ?? .failure(CommandError("playhead is shutting down"))
    }
}
