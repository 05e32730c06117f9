import PlayheadCore
import PlayheadSys
import Synchronization

/// Carries the schedule out: once a second, on its own thread (`ph-schedule`), it asks the
/// Schedule what is in force and, when that changed, hands it to `apply` (a playlist read from
/// its file or folder, the default one, or off). The clock is trusted once the clock file says
/// it is synchronised, or when there is no clock file (a machine whose clock its system keeps).
final class ScheduleRunner: Sendable {
    typealias Items = [(location: String, title: String?, duration: Double?)]

    let schedule: Schedule
    private let clockFile: String
    /// The default playlist: the options' own, or content sync's newest generation.
    private let defaultItems: Mutex<Items>
    private let thread = TickingThread()
    /// What was last handed over: at start, the default playlist the appliance starts with (so a
    /// place resumed into it is kept when the schedule says default).
    private let state = Mutex<(applied: SchedulePart.Target?, trusted: Bool)>((.defaultPlaylist, false))
    private let apply = Mutex<(@Sendable (SchedulePart.Target, Items) -> Void)?>(nil)
    private let tick = Mutex<(@Sendable () -> Void)?>(nil)

    init(schedule: Schedule, clockFile: String, defaultItems: Items) {
        self.schedule = schedule
        self.clockFile = clockFile
        self.defaultItems = Mutex(defaultItems)
    }

    /// The options' schedule, or nil: none, or one that cannot be used (said in one line; the
    /// default playlist plays).
    static func make(_ settings: Settings, defaultItems: Items) -> ScheduleRunner? {
        switch ScheduleOptions.schedule(settings) {
        case .failure(let e):
            AppLog.error("schedule: \(e.message); the schedule is not used")
            return nil
        case .success(nil): return nil
        case .success(let schedule?):
            AppLog.info("schedule: \(schedule.days.count) day line(s) in \(schedule.zone.name)")
            return ScheduleRunner(schedule: schedule, clockFile: settings[AppOptions.clockFile], defaultItems: defaultItems)
        }
    }

    /// `apply` carries a change out; `tick` comes once a second (a change waiting for an
    /// item's end that waited its longest).
    func start(apply: @escaping @Sendable (SchedulePart.Target, Items) -> Void, tick: @escaping @Sendable () -> Void) {
        self.apply.withLock { $0 = apply }
        self.tick.withLock { $0 = tick }
        thread.start(name: "ph-schedule") { [self] in step() }
    }

    func stop() { thread.stop() }

    var clockTrusted: Bool {
        switch FileInput.read(clockFile, limit: 4096) {
        case .missing: return true
        case .text(let t): return ClockReport.parse(t)?.synchronised == true
        case .tooLarge, .unreadable: return false
        }
    }

    /// One look: applies a change; returns the wait until just past the next second's turn.
    private func step() -> Int64 {
        let nanos = WallClock.nanoseconds()
        let trusted = clockTrusted
        let now = schedule.state(at: nanos / 1_000_000_000, clockTrusted: trusted)
        let change = state.withLock { s -> SchedulePart.Target? in
            if trusted != s.trusted, trusted { AppLog.notice("schedule: the clock is trusted now; the schedule is in force") }
            s.trusted = trusted
            guard s.applied != now.target else { return nil }
            s.applied = now.target
            return now.target
        }
        if let change { carryOut(change, state: now) }
        tick.withLock { $0 }?()
        return 1_000_000_000 - nanos % 1_000_000_000 + 1_000_000
    }

    private func carryOut(_ target: SchedulePart.Target, state: Schedule.State) {
        let items: Items
        switch target {
        case .off: items = []
        case .defaultPlaylist: items = defaultItems.withLock { $0 }
        case .playlist(let path):
            items = PlaylistLoader(arguments: [path]).expand()
            if items.isEmpty {
                AppLog.warning("schedule: \(path) has nothing to play; what played before plays on")
                return
            }
        }
        let next = state.next.map { " until \(local($0.at)) (then \($0.target))" } ?? ""
        AppLog.notice("schedule: \(target == .off ? "screen off" : "playing \(target)")\(next)")
        apply.withLock { $0 }?(target, items)
    }

    /// A new default playlist (content sync's generation): true when the default part is in
    /// force now, so the caller switches to it; false while another part (or off) plays, and the
    /// new default waits for its part.
    func replaceDefault(_ items: Items) -> Bool {
        defaultItems.withLock { $0 = items }
        return state.withLock { $0.applied == .defaultPlaylist }
    }

    /// `2026-12-01 08:00:00` in the schedule's zone.
    func local(_ utc: Int64) -> String {
        String(UTCTime.iso8601(epochSeconds: schedule.zone.local(utc)).dropLast().map { $0 == "T" ? " " : $0 })
    }

    /// For `schedule`: the zone, whether the clock is trusted, today's parts, what is in force
    /// since when, and the next change.
    func report() -> ReplyValue {
        let nowSeconds = WallClock.nanoseconds() / 1_000_000_000
        let trusted = clockTrusted
        let s = schedule.state(at: nowSeconds, clockTrusted: trusted)
        let today = UTCTime.day(epochSeconds: schedule.zone.local(nowSeconds))
        let parts = schedule.parts(ofDay: today).map { ReplyValue.string("\($0.clockText) \($0.target)") }
        var fields: [ReplyValue.Field] = [
            .init("timezone", .string(schedule.zone.name)),
            .init("now", .string(local(nowSeconds))),
            .init("clock-trusted", .bool(trusted)),
            .init("today", .list(parts)),
            .init("in-force", .string(s.untrusted ? "default (the clock is not trusted yet)" : "\(s.target)")),
        ]
        if let since = s.since { fields.append(.init("since", .string(local(since)))) }
        if let next = s.next { fields.append(.init("next", .string("\(local(next.at)) \(next.target)"))) }
        return .object(fields)
    }
}
