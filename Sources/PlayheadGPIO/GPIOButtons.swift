import PlayheadCore
import PlayheadSys
import Synchronization

/// The buttons and the status light on a thread of their own: it sleeps in poll on the lines'
/// event descriptors until an edge, a timer of the button machine, a blink, or a stop.
///
/// A chip that cannot be opened, or that goes away, is logged once and tried again with a
/// back-off (1 s doubling to 30 s); the player never waits on it.
public final class GPIOButtons: Sendable {
    struct Shared: Sendable {
        var stopping = false
        var statistics = ButtonStatistics()
        var levels: [Bool] = []
        var ready = false
        var problem: String?
        var lit: Bool?
        var pattern: LightPattern?
    }

    public let map: GPIOMap
    let backend: any GPIOBackend
    let clock: @Sendable () -> Int64
    let activity: @Sendable () -> PlayerActivity
    let perform: @Sendable (ButtonAction, String) -> Void
    let log: @Sendable (String) -> Void
    let shared = Mutex(Shared())
    let wake: WakeSignal
    let worker = Mutex<WorkerThread?>(nil)

    /// `perform` carries out a button's command (the console's grammar); `activity` says what
    /// the player is doing, for the light; `log` takes one line per event worth telling.
    public init?(map: GPIOMap, backend: any GPIOBackend, clock: @escaping @Sendable () -> Int64,
                 activity: @escaping @Sendable () -> PlayerActivity,
                 perform: @escaping @Sendable (ButtonAction, String) -> Void, log: @escaping @Sendable (String) -> Void) {
        guard let wake = WakeSignal() else { return nil }
        self.map = map
        self.backend = backend
        self.clock = clock
        self.activity = activity
        self.perform = perform
        self.log = log
        self.wake = wake
    }

    public func start() {
        worker.withLock { w in
            guard w == nil else { return }
            w = WorkerThread(name: "gpio") { [self] in run() }
        }
    }

    /// Ends the thread, releases the lines (the light goes off with them), once.
    public func stop() {
        let w = worker.withLock { $0 }
        w?.stop { [self] in
            shared.withLock { $0.stopping = true }
            wake.signal()
        }
    }

    public var statistics: ButtonStatistics { shared.withLock { $0.statistics } }

    /// The map's state for `gpio`: each button's level and counts, the light, the latency.
    public func report() -> [ReplyValue.Field] {
        let s = shared.withLock { $0 }
        var fields: [ReplyValue.Field] = [
            .init("buttons", .string(s.ready ? "ready" : (s.problem.map { "waiting: \($0)" } ?? "starting"))),
        ]
        for (i, b) in map.buttons.enumerated() {
            let level = i < s.levels.count ? (s.levels[i] ? "pressed" : "released") : "-"
            let counts = ["press", "hold", "repeat", "release"].compactMap { k in s.statistics.actions["\(b.name) \(k)"].map { "\(k)=\($0)" } }
            fields.append(.init("button \(b.name)", .string("\(b.ref) \(level) \(counts.joined(separator: " "))")))
        }
        if let light = map.light {
            let state = s.lit.map { $0 ? "lit" : "dark" } ?? "-"
            fields.append(.init("led", .string("\(light.ref) \(s.pattern?.rawValue ?? "-") \(state)")))
        }
        fields.append(.init("latency", .string(s.statistics.latencyText)))
        return fields
    }

    private var stopping: Bool { shared.withLock { $0.stopping } }

    private func run() {
        var lines = LineSet(owner: self)
        var retryAt: Int64 = 0
        var backoff: Int64 = 1_000_000_000
        while !stopping {
            var now = clock()
            if !lines.isOpen && now >= retryAt {
                switch lines.open(now: now) {
                case .success:
                    backoff = 1_000_000_000
                    shared.withLock { $0.ready = true; $0.problem = nil }
                case .failure(let problem):
                    let message = problem.message
                    let seconds = backoff / 1_000_000_000
                    let repeated = shared.withLock { s -> Bool in
                        defer { s.problem = message; s.ready = false }
                        return s.problem == message
                    }
                    // One line per new problem, not one per retry.
                    if !repeated { log("gpio: \(message); trying again in \(seconds) s, then less often") }
                    retryAt = now + backoff
                    backoff = min(backoff * 2, 30_000_000_000)
                }
            }
            let pattern = map.light.map { $0.pattern(for: activity()) }
            var deadlines = [now + 100_000_000]
            if let d = lines.machine?.nextDeadline { deadlines.append(d) }
            if let p = pattern, let d = p.nextChange(after: now) { deadlines.append(d) }
            if !lines.isOpen { deadlines.append(retryAt) }
            let waitMs = Int32(max(0, min(1000, (deadlines.min()! - now + 999_999) / 1_000_000)))
            let ready = DescriptorPoll.wait([.init(fd: wake.descriptor)] + lines.descriptors.map { .init(fd: $0) }, milliseconds: waitMs)
            if ready.first != nil && ready.first != [] { wake.drain() }
            var actions: [ButtonAction] = []
            for (i, r) in ready.dropFirst().enumerated() where !r.isEmpty {
                switch lines.read(i) {
                case .success(let a): actions += a
                case .failure(let problem):
                    let message = problem.message
                    log("gpio: \(message); the buttons wait for the chip to come back")
                    lines.close()
                    shared.withLock { $0.ready = false; $0.problem = message; $0.statistics.reopenings += 1 }
                    retryAt = clock() + backoff
                }
                if !lines.isOpen { break }
            }
            now = clock()
            if let more = lines.advance(to: now) { actions += more }
            for a in actions {
                let name = map.buttons[a.button].name
                perform(a, name)
                let latency = clock() - a.due
                shared.withLock { $0.statistics.record(button: name, kind: a.kind, latency: latency) }
            }
            shared.withLock { $0.levels = lines.machine?.levels ?? [] }
            if let p = pattern { lines.show(p, at: clock()) }
        }
        lines.close()
    }
}
