import Playhead
import PlayheadSys
import PlayheadTestSupport

/// A backend whose open of `hanging` never returns until the test lets it go, as a read
/// stuck in the kernel would; every other location opens as the FakeBackend does.
final class HangingBackend: MediaBackend, @unchecked Sendable {
    let hanging: String
    private let inner = FakeBackend()
    private let lock = ConditionLock()
    /// Guarded by `lock`.
    private var released = false
    private var entered = false

    init(hanging: String) { self.hanging = hanging }

    func probe(_ location: MediaLocation, options: SourceOptions) throws(PlaybackError) -> any ProbedMedia {
        if location.string == hanging {
            lock.withLock {
                entered = true
                lock.broadcast()
                while !released { lock.wait() }
            }
            throw PlaybackError(.cancelled, "\(location): let go by the test")
        }
        return try inner.probe(location, options: options)
    }

    /// Waits (blocking, no polling) until the hanging open has begun.
    func waitUntilProbing() {
        lock.withLock { while !entered { lock.wait() } }
    }

    func release() {
        lock.withLock {
            released = true
            lock.broadcast()
        }
    }
}
