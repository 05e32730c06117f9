import PlayheadCore
import Synchronization

/// The time observers' schedule, shared by the API threads that add and remove observers and
/// the engine's thread that advances it.
final class ObserverBook: Sendable {
    private let schedule = Mutex(TimeObserverSchedule())

    func withLock<R>(_ body: (inout TimeObserverSchedule) -> R) -> R {
        schedule.withLock { body(&$0) }
    }
}
