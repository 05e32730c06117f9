import PlayheadCore
import PlayheadMQTT
import PlayheadSys

/// The player on an MQTT broker as the appliance sets it up: off unless mqtt-url is set. A
/// fault in the set-up (a missing credentials file, a bad prefix) is said in one line and
/// leaves MQTT off: the screen goes on playing.
enum MQTTSetup {
    /// A reply is a console reply: `queue` on a long playlist is the longest.
    static let replyLimit = 256 << 10

    static func make(_ settings: Settings) -> MQTTController? {
        guard let url = settings[MQTTOptions.url] else { return nil }
        switch configuration(settings, url: url) {
        case .failure(let e):
            AppLog.error("mqtt: \(e.description); MQTT is off")
            return nil
        case .success(let c):
            guard let controller = MQTTController(configuration: c, clock: { MonotonicClock().now().nanoseconds },
                                                  log: { AppLog.notice($0) })
            else {
                AppLog.error("mqtt: no wake-up descriptor (out of descriptors); MQTT is off")
                return nil
            }
            AppLog.notice("mqtt: \(c.address) as \(c.topics.prefix)" + (c.topics.groups.isEmpty ? "" : ", groups \(c.topics.groups.joined(separator: ","))"))
            return controller
        }
    }

    static func configuration(_ settings: Settings, url: String) -> Result<MQTTController.Configuration, FleetError> {
        let address: MQTTAddress
        switch MQTTAddress.parse(url) {
        case .failure(let e): return .failure(e)
        case .success(let a): address = a
        }
        var credentials: MQTTCredentials?
        if let path = settings[MQTTOptions.credentials] {
            let name = ControlCharacters.escaped(path)
            switch FileInput.read(path, limit: MQTTCredentials.maxFileBytes) {
            case .missing: return .failure(FleetError("the MQTT credentials file \(name) does not exist"))
            case .tooLarge: return .failure(FleetError("the MQTT credentials file \(name) is over \(MQTTCredentials.maxFileBytes) bytes"))
            case .unreadable(let why): return .failure(FleetError("the MQTT credentials file \(name) cannot be read (\(why))"))
            case .text(let text):
                switch MQTTCredentials.parse(text, path: path) {
                case .failure(let e): return .failure(e)
                case .success(let c): credentials = c
                }
            }
        }
        let caFile = settings[MQTTOptions.caFile]
        if let caFile, !FileInput.exists(caFile) {
            return .failure(FleetError("the MQTT CA file \(ControlCharacters.escaped(caFile)) does not exist"))
        }
        let hostname = FileInput.readText("/proc/sys/kernel/hostname") ?? ""
        let topics: FleetTopics
        switch FleetTopics.make(prefix: settings[MQTTOptions.prefix], hostname: hostname.split(separator: "\n").first.map(String.init) ?? "",
                                groups: settings[MQTTOptions.groups]) {
        case .failure(let e): return .failure(e)
        case .success(let t): topics = t
        }
        return .success(.init(address: address, credentials: credentials, caFile: caFile, topics: topics,
                              keepAliveSeconds: settings[MQTTOptions.keepAlive]))
    }

    /// Started with the inputs: commands through the router as every input's, each in a
    /// session of its own (JSON replies; `json`/`text` and `events` change nothing beyond the
    /// message); events from a session that follows them; the status as `status` renders it.
    static func service(_ controller: MQTTController, router: CommandRouter) -> InputService {
        let events = ControlSession(name: "mqtt events", format: .json) { line in controller.publishEvent(line) }
        events.followsEvents = true
        return InputService(name: "mqtt", start: {
            router.register(events)
            controller.start(command: { line in
                let session = ControlSession(name: "mqtt", format: .json) { _ in }
                return Reply.bounded(router.handle(line: line, from: session), limit: replyLimit, format: .json)
            }, status: {
                // As /api/status has it: the value alone, not the command's envelope.
                switch router.perform(.status) {
                case .ok(let value): return value.json
                case .error(let e): return Reply.error(e).rendered(as: .json)
                }
            })
        }, stop: {
            router.unregister(events)
            controller.stop()
        })
    }
}

