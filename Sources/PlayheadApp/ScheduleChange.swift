import PlayheadCore

/// A schedule's part coming into force: what it plays (or off) and the items it was read into.
struct ScheduleChange: Sendable {
    let target: SchedulePart.Target
    let items: [(location: String, title: String?, duration: Double?)]
}
