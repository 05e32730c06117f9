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

    /// The console's screenshot, read once the capture thread has written it whole (a PNG ends
    /// with its IEND chunk), within 3 s.
    func screenshot() async -> Result<[UInt8], CommandError> {
        let path: String
        switch router.player.screenshot() {
        case .failure(let e): return .failure(e)
        case .success(let p): path = p
        }
        for _ in 0..<60 {
            guard let read = await files.run({ try? FileInput.bytes(path, limit: 64 << 20).get() }) else {
                return .failure(CommandError("playhead is shutting down"))
            }
            if let bytes = read, bytes.count > 12, bytes.suffix(8) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82] { return .success(bytes) }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return .failure(CommandError("the screenshot \(path) was not written within 3 s; is the display showing frames?"))
    }
}
