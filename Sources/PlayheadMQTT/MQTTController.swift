import PlayheadCore
import PlayheadSys
import Synchronization

/// The player on an MQTT broker, on a thread of its own (`ph-mqtt`): it keeps the link up
/// (`MQTTLink`), publishes the status when it changes (`StatusThrottle`), the events and the
/// replies (`OutgoingQueue`), and hands each console line that arrives to `command`. Nothing
/// the engine does waits for it: events are queued (bounded, dropped and counted when full)
/// and the thread is woken through a `WakeSignal`; the status is asked for on this thread.
public final class MQTTController: Sendable {
    public struct Configuration: Sendable {
        public var address: MQTTAddress
        public var credentials: MQTTCredentials?
        public var caFile: String?
        public var topics: FleetTopics
        public var keepAliveSeconds: Int

        public init(address: MQTTAddress, credentials: MQTTCredentials?, caFile: String?, topics: FleetTopics, keepAliveSeconds: Int) {
            self.address = address
            self.credentials = credentials
            self.caFile = caFile
            self.topics = topics
            self.keepAliveSeconds = keepAliveSeconds
        }
    }

    /// What the app gives: a console line in, its rendered reply out; the status JSON now.
    struct Handlers: Sendable {
        let command: @Sendable (String) -> String
        let status: @Sendable () -> String
    }

    struct Shared: Sendable {
        var stopping = false
        var queue = OutgoingQueue()
        var link = MQTTLink()
        var problem: String?
        var commands = 0
        var refused = 0
        var failedPublishes = 0
    }

    public let configuration: Configuration
    let clock: @Sendable () -> Int64
    let log: @Sendable (String) -> Void
    let shared = Mutex(Shared())
    let handlers = Mutex<Handlers?>(nil)
    let wake: WakeSignal
    let worker = Mutex<WorkerThread?>(nil)

    /// A command's payload is a console line: 4 KB is many times the longest.
    public static let maxCommandBytes = 4096
    /// How often the status is asked for while connected.
    static let statusCheckNanoseconds: Int64 = 250_000_000
    /// How long a stop waits for the goodbye (`online` false) to be written.
    static let goodbyeNanoseconds: Int64 = 1_000_000_000

    /// `clock`: monotonic nanoseconds. `log` takes one line per thing worth telling.
    public init?(configuration: Configuration, clock: @escaping @Sendable () -> Int64, log: @escaping @Sendable (String) -> Void) {
        guard let wake = WakeSignal() else { return nil }
        self.configuration = configuration
        self.clock = clock
        self.log = log
        self.wake = wake
    }

    public func start(command: @escaping @Sendable (String) -> String, status: @escaping @Sendable () -> String) {
        handlers.withLock { $0 = Handlers(command: command, status: status) }
        worker.withLock { w in
            guard w == nil else { return }
            w = WorkerThread(name: "ph-mqtt") { [self] in run() }
        }
    }

    /// Says `online` false to the broker if it can within a second, disconnects and ends the
    /// thread; a thread stuck (a name lookup that hangs) is left behind after `waiting`.
    public func stop(waitingNanoseconds: Int64 = 3_000_000_000) {
        shared.withLock { $0.stopping = true }
        wake.signal()
        guard let w = worker.withLock({ $0 }) else { return }
        if !w.join(untilMonotonic: clock() + waitingNanoseconds) {
            log("mqtt: the MQTT thread did not end in \(waitingNanoseconds / 1_000_000_000) s; left behind")
        }
    }

    /// One event line for `<prefix>/events`; never waits.
    public func publishEvent(_ line: String) {
        shared.withLock { $0.queue.append(.init(topic: configuration.topics.events, text: line)) }
        wake.signal()
    }

    /// For `mqtt`: the broker, the link, the topics and the counters.
    public func report() -> ReplyValue {
        let s = shared.withLock { $0 }
        let t = configuration.topics
        let state: String
        switch s.link.phase {
        case .connected: state = "connected"
        case .connecting: state = "connecting"
        case .disconnected(let at):
            let wait = max(0, at - clock()) / 1_000_000_000
            state = s.problem.map { "disconnected: \($0); next try in \(wait) s" } ?? "starting"
        }
        return .object([
            .init("broker", .string(configuration.address.description)), .init("state", .string(state)),
            .init("prefix", .string(t.prefix)), .init("groups", .list(t.groups.map { .string($0) })),
            .init("reconnects", .int(s.link.reconnects)), .init("failures", .int(s.link.failures)),
            .init("commands", .int(s.commands)), .init("refused", .int(s.refused)),
            .init("queued", .int(s.queue.count)), .init("dropped", .int(s.queue.dropped)),
            .init("failed-publishes", .int(s.failedPublishes)),
        ])
    }

    /// The numbers /metrics shows.
    public var counters: (reconnects: Int, dropped: Int, commands: Int, connected: Bool) {
        shared.withLock { ($0.link.reconnects, $0.queue.dropped, $0.commands, $0.link.isConnected) }
    }

    private func run() {
        let client: MosquittoClient
        do {
            client = try makeClient()
        } catch {
            shared.withLock { $0.problem = error.description }
            log("mqtt: \(error.description); MQTT is off")
            return
        }
        var throttle = StatusThrottle()
        var nextStatusCheck: Int64 = 0
        while !shared.withLock({ $0.stopping }) {
            var now = clock()
            let actions = shared.withLock { $0.link.step(.tick, now: now) }
            carry(actions, client: client, throttle: &throttle, nextStatusCheck: &nextStatusCheck)
            let connected = shared.withLock { $0.link.isConnected }
            if connected, now >= nextStatusCheck, let status = handlers.withLock({ $0 })?.status {
                nextStatusCheck = now + Self.statusCheckNanoseconds
                if let json = throttle.offer(status(), now: now) {
                    shared.withLock { $0.queue.setStatus(.init(topic: configuration.topics.status, text: json, retained: true)) }
                }
            }
            if connected { handOver(client) }
            now = clock()
            var due = now + 1_000_000_000
            if connected { due = min(due, nextStatusCheck) }
            if let d = shared.withLock({ $0.link.nextDeadline }) { due = min(due, d) }
            // A socket is only watched while the link uses it: one left from a failed attempt
            // (libmosquitto closes it at the next connect) would answer every poll at once.
            let phase = shared.withLock { $0.link.phase }
            let connecting = if case .connecting = phase { true } else { false }
            let socket = connecting || connected ? client.socket : -1
            var interests = [DescriptorPoll.Interest(fd: wake.descriptor)]
            if socket >= 0 { interests.append(.init(fd: socket, readable: true, writable: client.wantsWrite)) }
            let ready = DescriptorPoll.wait(interests, milliseconds: Int32(max(0, min(1000, (due - now + 999_999) / 1_000_000))))
            wake.drain()
            if socket >= 0, ready.count > 1 {
                let events = ready[1]
                if !events.isDisjoint(with: [.readable, .hangUp, .failed]) { client.read() }
                if events.contains(.writable), client.socket >= 0 {
                    client.write()
                    // libmosquitto 2.0.11 steps a TLS handshake only from its read call.
                    if connecting, client.socket >= 0 { client.read() }
                }
                if connecting, client.socket >= 0, !events.isDisjoint(with: [.hangUp, .failed]) {
                    // 2.0.11 keeps a TLS socket whose connection was refused, retrying the
                    // handshake at every poll until its keep-alive runs out: a busy loop.
                    let why = client.socketProblem() ?? "the broker closed the connection"
                    let more = shared.withLock { s in
                        s.problem = why
                        return s.link.step(.failed(why), now: clock())
                    }
                    carry(more, client: client, throttle: &throttle, nextStatusCheck: &nextStatusCheck)
                } else if connecting, !events.isEmpty {
                    // A handshake that wants to write polls writable at once until the broker
                    // answers: paced, so it costs a hundred steps a second at most.
                    _ = DescriptorPoll.wait([wake.descriptor], milliseconds: 10)
                }
            }
            if socket >= 0, client.socket >= 0 { client.housekeeping() }
            take(client.takeIncoming(), client: client, throttle: &throttle, nextStatusCheck: &nextStatusCheck)
        }
        goodbye(client)
    }

    private func makeClient() throws(MQTTError) -> MosquittoClient {
        let c = configuration
        let client = try MosquittoClient(clientID: c.topics.clientID, maxPayload: Self.maxCommandBytes)
        if let cred = c.credentials { try client.setCredentials(username: cred.username, password: cred.password) }
        if c.address.tls { try client.setTLS(caFile: c.caFile) }
        try client.setWill(topic: c.topics.online, payload: Array("false".utf8), retained: true)
        return client
    }

    private func carry(_ actions: [MQTTLink.Action], client: MosquittoClient, throttle: inout StatusThrottle, nextStatusCheck: inout Int64) {
        let c = configuration
        for action in actions {
            switch action {
            case .log(let line): log(line)
            case .connect:
                do {
                    try client.connect(host: c.address.host, port: c.address.port, keepAliveSeconds: c.keepAliveSeconds)
                } catch {
                    let more = shared.withLock { s in
                        s.problem = error.description
                        return s.link.step(.failed(error.description), now: clock())
                    }
                    carry(more, client: client, throttle: &throttle, nextStatusCheck: &nextStatusCheck)
                }
            case .announce:
                shared.withLock { $0.problem = nil }
                do {
                    for topic in c.topics.commandTopics { try client.subscribe(topic) }
                    try client.publish(topic: c.topics.online, payload: Array("true".utf8), retained: true, correlation: nil)
                } catch {
                    log("mqtt: \(error.description)")
                }
                // The broker may have lost the retained status (restarted without persistence).
                throttle.forget()
                nextStatusCheck = 0
            }
        }
    }

    private func take(_ incoming: [MosquittoClient.Incoming], client: MosquittoClient, throttle: inout StatusThrottle,
                      nextStatusCheck: inout Int64) {
        for item in incoming {
            let now = clock()
            var actions: [MQTTLink.Action] = []
            switch item {
            case .connected(let reason) where reason == 0:
                actions = shared.withLock { $0.link.step(.connected, now: now) }
            case .connected(let reason):
                let why = "the broker refused: \(MosquittoClient.reason(reason))"
                actions = shared.withLock { s in
                    s.problem = why
                    return s.link.step(.failed(why), now: now)
                }
            case .disconnected(let reason):
                let why = MosquittoClient.describe(reason)
                actions = shared.withLock { s in
                    if s.link.isConnected || s.problem == nil { s.problem = why }
                    return s.link.step(.lost(why), now: now)
                }
            case .refused(let topic, let why):
                shared.withLock { $0.refused += 1 }
                log("mqtt: a message on \(ControlCharacters.escaped(topic)) left unanswered: \(why)")
            case .message(let topic, let payload, let responseTopic, let correlation):
                answer(topic: topic, payload: payload, responseTopic: responseTopic, correlation: correlation)
            }
            carry(actions, client: client, throttle: &throttle, nextStatusCheck: &nextStatusCheck)
        }
    }

    /// One console line from the broker, carried out and answered on its response topic (MQTT
    /// 5 request and response) with its correlation data, or else on `<prefix>/reply`.
    private func answer(topic: String, payload: [UInt8]?, responseTopic: String?, correlation: [UInt8]?) {
        let replyTopic = responseTopic.flatMap { FleetTopics.isPublishable($0) ? $0 : nil } ?? configuration.topics.reply
        let reply: String
        switch CommandPayload.line(payload, limit: Self.maxCommandBytes) {
        case .failure(let why):
            shared.withLock { $0.refused += 1 }
            log("mqtt: a command on \(ControlCharacters.escaped(topic)) refused: \(why.description)")
            reply = CommandPayload.errorJSON(why)
        case .success(let line):
            shared.withLock { $0.commands += 1 }
            reply = handlers.withLock({ $0 })?.command(line) ?? CommandPayload.errorJSON("playhead is starting")
        }
        shared.withLock { $0.queue.append(.init(topic: replyTopic, text: reply, correlation: correlation)) }
    }

    /// Hands what is queued to libmosquitto while it has nothing left unwritten, so that its
    /// own buffer never grows past one message: a slow broker fills the bounded queue instead.
    private func handOver(_ client: MosquittoClient) {
        while !client.wantsWrite, client.socket >= 0 {
            guard let m = shared.withLock({ $0.queue.next() }) else { return }
            do {
                try client.publish(topic: m.topic, payload: m.payload, retained: m.retained, correlation: m.correlation)
            } catch {
                // The connection broke under it: counted; the read that follows says so.
                shared.withLock { $0.failedPublishes += 1 }
                return
            }
        }
    }

    /// `online` false, written within a second if the broker takes it, then a clean disconnect.
    private func goodbye(_ client: MosquittoClient) {
        guard shared.withLock({ $0.link.isConnected }), client.socket >= 0 else { return }
        let deadline = clock() + Self.goodbyeNanoseconds
        handOver(client)
        try? client.publish(topic: configuration.topics.online, payload: Array("false".utf8), retained: true, correlation: nil)
        client.disconnect()
        while client.socket >= 0, client.wantsWrite, clock() < deadline {
            let ready = DescriptorPoll.wait([.init(fd: client.socket, readable: false, writable: true)], milliseconds: 50)
            if ready.first?.contains(.writable) == true { client.write() }
        }
        log("mqtt: said goodbye to the broker")
    }
}
