@testable import Playhead
import PlayheadTestSupport

/// A playback core stepped by hand on a virtual clock: commands in, passes run, actions out.
/// No driver, no threads: the test plays the driver's part (`finishOpens` answers opens).
struct CoreBench {
    let clock = VirtualClock()
    let backend = FakeBackend()
    var core: PlaybackCore
    /// Every action the core returned, in order.
    private(set) var log: [EngineAction] = []
    /// When each picture was handed over (the clock at its pass) and the time it was due.
    private(set) var presented: [(at: HostTime, due: HostTime)] = []

    init(actionAtItemEnd: ActionAtItemEnd = .advance, restart: RestartPolicy.Settings = .never) {
        let ports = EnginePorts(clock: clock, audioSink: NullAudioSink(clock: clock), routing: nil, timeStretcher: nil,
                                observers: ObserverBook(), reportsDisplay: false, stallLimitNanoseconds: nil, startGroup: nil, decodeBudget: nil, wake: {})
        core = PlaybackCore(ports: ports, actionAtItemEnd: actionAtItemEnd, restart: restart)
    }

    func item(_ name: String) -> PlayerItem { PlayerItem(asset: Asset(url: name, backend: backend)) }

    @discardableResult
    mutating func send(_ command: EngineCommand) -> [EngineAction] {
        core.handle(command)
        return taken()
    }

    /// One pass; returns its deadline and what it asked for.
    @discardableResult
    mutating func pass() -> (deadline: HostTime?, actions: [EngineAction]) {
        let deadline = core.pump(videoLeadNanoseconds: 0)
        let actions = taken()
        presented += actions.compactMap(\.presentedDue).map { (clock.now(), $0) }
        return (deadline, actions)
    }

    /// Passes, the clock moved to each deadline, until `done` holds for an action (at most
    /// `limit` passes); false if it never did.
    mutating func run(limit: Int = 2000, until done: (EngineAction) -> Bool) -> Bool {
        for _ in 0..<limit {
            let (deadline, actions) = pass()
            if actions.contains(where: done) { return true }
            if let deadline, deadline > clock.now() { clock.advance(to: deadline) }
        }
        return false
    }

    /// Answers each `.open` among `actions` with the source `make` gives for its item.
    mutating func finishOpens(_ actions: [EngineAction], _ make: (PlayerItem) -> Result<any MediaSource, PlaybackError>) {
        for case .open(let item, _) in actions {
            core.openFinished(item, make(item))
            _ = taken()
        }
    }

    private mutating func taken() -> [EngineAction] {
        let actions = core.takeActions()
        log += actions
        return actions
    }
}

extension EngineAction {
    var eventName: String? {
        if case .emit(let event, _) = self { return event.name }
        return nil
    }

    var opens: PlayerItem? {
        if case .open(let item, _) = self { return item }
        return nil
    }

    var presentedDue: HostTime? {
        if case .present(_, let due) = self { return due }
        return nil
    }
}
