import PlayheadCore
import PlayheadSys
import Synchronization

/// The TV over HDMI-CEC on a thread of its own (`ph-cec`): it opens the adapter (again every
/// 5 s while it cannot), claims a playback address, and steps the playback device's decisions
/// (`CECPlayback`) with the bus's frames, the screen's switching and time. A bus or adapter that
/// fails is said once and never holds up playback.
public final class CECController: Sendable {
    struct Shared: Sendable {
        var stopping = false
        var machine: CECPlayback
        var screenWanted: Bool?
        var adapterName: String?
        var problem: String?
    }

    public let device: String
    let osdName: String
    let clock: @Sendable () -> Int64
    let perform = Mutex<(@Sendable (String) -> Void)?>(nil)
    let log: @Sendable (String) -> Void
    let shared: Mutex<Shared>
    let wake: WakeSignal
    let worker = Mutex<WorkerThread?>(nil)
    static let retryNanoseconds: Int64 = 5_000_000_000

    /// `log` takes one line per thing worth telling.
    public init?(device: String, osdName: String, screenOn: Bool, clock: @escaping @Sendable () -> Int64,
                 log: @escaping @Sendable (String) -> Void) {
        guard let wake = WakeSignal() else { return nil }
        self.device = device
        self.osdName = osdName
        self.clock = clock
        self.log = log
        self.wake = wake
        shared = Mutex(Shared(machine: CECPlayback(osdName: osdName, screenOn: screenOn)))
    }

    /// `perform` carries out a TV remote's key as a console command.
    public func start(perform: @escaping @Sendable (String) -> Void) {
        self.perform.withLock { $0 = perform }
        worker.withLock { w in
            guard w == nil else { return }
            w = WorkerThread(name: "ph-cec") { [self] in run() }
        }
    }

    /// Ends the thread and closes the adapter, once. The TV is left as it is: a restart of
    /// playhead is no reason to switch it off.
    public func stop() {
        let w = worker.withLock { $0 }
        w?.stop { [self] in
            shared.withLock { $0.stopping = true }
            wake.signal()
        }
    }

    /// The screen switched: the TV follows.
    public func screen(on: Bool) {
        shared.withLock { $0.screenWanted = on }
        wake.signal()
    }

    /// For `cec`: the adapter, the address claimed, the TV's power and the last frames.
    public func report() -> ReplyValue {
        let s = shared.withLock { $0 }
        let m = s.machine
        let state: String
        if let l = m.logical {
            state = "playback device \(l) at \(m.physical)"
        } else if let p = s.problem {
            state = "waiting: \(p)"
        } else {
            state = s.adapterName == nil ? "opening" : "claiming a playback address (no TV on the cable yet?)"
        }
        return .object([
            .init("device", .string(device)), .init("adapter", .string(s.adapterName ?? "-")), .init("state", .string(state)),
            .init("osd-name", .string(m.osdName)), .init("screen", .string(m.screenOn ? "on" : "off")),
            .init("active-source", .bool(m.activeSource)), .init("tv", .string(m.tvPower.description)),
            .init("recent", .list(m.recent.map { .string($0) })),
        ])
    }

    private func run() {
        var adapter: CECAdapter?
        var retryAt: Int64 = 0
        var lastSendProblem: String?
        var saidReclaim = false
        while !shared.withLock({ $0.stopping }) {
            var now = clock()
            var actions: [CECPlayback.Action] = []
            if adapter == nil, now >= retryAt {
                switch CECAdapter.open(device, osdName: osdName) {
                case .success(let a):
                    adapter = a
                    shared.withLock { $0.adapterName = a.name; $0.problem = nil }
                    log("cec: \(device) is \(a.name); claiming a playback address")
                case .failure(let e):
                    let repeated = shared.withLock { s -> Bool in
                        defer { s.problem = e.description }
                        return s.problem == e.description
                    }
                    if !repeated { log("cec: \(e.description); trying again every 5 s") }
                    retryAt = now + Self.retryNanoseconds
                }
            }
            let due = adapter == nil ? retryAt : (shared.withLock { $0.machine.nextDeadline } ?? now + 1_000_000_000)
            let waitMs = Int32(max(0, min(1000, (due - now + 999_999) / 1_000_000)))
            let failed = CECAdapter.wait(adapter, wake: wake.descriptor, milliseconds: waitMs)
            wake.drain()
            now = clock()
            if failed, let a = adapter {
                // A device that went away answers every poll at once: closed, not spun on.
                a.close()
                adapter = nil
                retryAt = now + Self.retryNanoseconds
                shared.withLock { $0.adapterName = nil; $0.problem = "\(device) went away" }
                log("cec: \(device) went away (unplugged, or its driver unloaded); trying again every 5 s")
                actions += shared.withLock { $0.machine.step(.unconfigured, now: now) }
            }
            if let a = adapter, a.takeEvents() {
                let st = a.state()
                let event: CECPlayback.Event = st.logical.map { .configured(logical: $0, physical: st.physical) }
                    ?? (st.physical.isValid ? .unclaimed(physical: st.physical) : .unconfigured)
                if st.logical != nil { saidReclaim = false }
                actions += shared.withLock { $0.machine.step(event, now: now) }
            }
            while let r = adapter?.receive() {
                let event: CECPlayback.Event
                switch r {
                case .frame(let m): event = .received(m)
                case .sent(let m, let ok): event = .sent(m, acknowledged: ok)
                }
                actions += shared.withLock { $0.machine.step(event, now: now) }
            }
            actions += shared.withLock { s -> [CECPlayback.Action] in
                var more: [CECPlayback.Action] = []
                if let on = s.screenWanted {
                    s.screenWanted = nil
                    more = s.machine.step(.screen(on: on), now: now)
                }
                return more + s.machine.tick(now: now)
            }
            for action in actions {
                switch action {
                case .log(let line): log(line)
                case .command(let command): perform.withLock { $0 }?(command)
                case .claimAgain:
                    // Said once until an address is claimed: a bus that goes on refusing is asked quietly.
                    switch adapter?.claimAgain() {
                    case .success(true)?:
                        if !saidReclaim { log("cec: still no playback address on \(device): claiming one again (a claim whose poll times out is given up)") }
                        saidReclaim = true
                    case .failure(let e)?: log("cec: \(e.description)")
                    default: break
                    }
                case .transmit(let m):
                    let problem = adapter?.transmit(m)?.description
                    // One line per new problem: a bus with nobody on it fails every frame alike.
                    if let problem, problem != lastSendProblem { log("cec: \(problem)") }
                    lastSendProblem = problem
                }
            }
        }
        adapter?.close()
    }
}
