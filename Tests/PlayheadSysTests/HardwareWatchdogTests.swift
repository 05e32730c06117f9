import Dispatch
import Glibc
@testable import PlayheadSys
import Synchronization
import Testing

/// A driver stand-in that knows which descriptors are open and counts every call made through
/// one that is not: a feed racing the close would otherwise ioctl or write a descriptor number
/// that the process may already have handed to another file.
final class FakeWatchdogCalls: WatchdogCalls {
    private let open = Mutex<Set<Int32>>([])
    private let misuse = Atomic(0)
    private let race = Atomic(0)

    /// Calls through any descriptor not open (-1 after a close included).
    var misused: Int { misuse.load(ordering: .relaxed) }
    /// Calls through a real descriptor number that was closed meanwhile: a feed that read the
    /// number before the close and used it after.
    var raced: Int { race.load(ordering: .relaxed) }
    func opened(_ fd: Int32) { open.withLock { _ = $0.insert(fd) } }

    private func check(_ fd: Int32) {
        guard !open.withLock({ $0.contains(fd) }) else { return }
        misuse.add(1, ordering: .relaxed)
        if fd >= 0 { race.add(1, ordering: .relaxed) }
    }

    func keepAlive(_ fd: Int32) -> Bool {
        check(fd)
        // The driver takes a while; a close from another thread lands in here if it can.
        for _ in 0..<50 { sched_yield() }
        check(fd)
        return false  // as a driver without WDIOC_KEEPALIVE: the feed writes a byte too
    }

    func writeByte(_ fd: Int32, _ byte: UInt8) { check(fd) }

    func close(_ fd: Int32) {
        check(fd)
        open.withLock { _ = $0.remove(fd) }
    }
}

@Suite(.timeLimit(.minutes(1))) struct HardwareWatchdogTests {
    @Test func feedsRacingTheCloseNeverTouchAClosedDescriptor() {
        let calls = FakeWatchdogCalls()
        for round in 0..<300 {
            let fd = Int32(100 + round)
            calls.opened(fd)
            let watchdog = HardwareWatchdog(path: "/dev/fake", fd: fd, timeoutSeconds: 15, calls: calls)
            // Both start together; the feeding side keeps feeding past the close.
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                if side == 0 {
                    for _ in 0..<4 { watchdog.feed() }
                } else {
                    watchdog.close()
                }
            }
            watchdog.close()
        }
        #expect(calls.raced == 0)
    }

    @Test func closeWritesTheMagicCharacterOnceAndFeedsAfterItDoNothing() {
        let calls = FakeWatchdogCalls()
        calls.opened(7)
        let watchdog = HardwareWatchdog(path: "/dev/fake", fd: 7, timeoutSeconds: 15, calls: calls)
        watchdog.feed()
        watchdog.close()
        watchdog.close()
        watchdog.feed()
        #expect(calls.misused == 0)
    }
}
