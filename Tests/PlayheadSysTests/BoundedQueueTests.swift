import PlayheadSys
import Synchronization
import Testing

/// The overflow that keeps one producer feeding two queues: a full queue takes more while a
/// sibling starves, never past its hard capacity, and blocks as usual otherwise. Pushes run on
/// a thread of their own, so a push that blocks where it should not fails the test instead of
/// hanging it.
@Suite(.serialized) struct BoundedQueueTests {
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        func load() -> Int { value.load(ordering: .acquiring) }
    }

    final class Pusher: Sendable {
        let done = Counter()
        let thread: WorkerThread

        init(_ queue: BoundedQueue<Int>, count: Int, starving: @escaping @Sendable () -> Bool) {
            let done = self.done
            thread = WorkerThread(name: "test-push") {
                for n in 0..<count {
                    queue.push(n, overflowingUpTo: 4, while: starving)
                    done.value.add(1, ordering: .releasing)
                }
            }
        }

        /// Waits up to five seconds for `count` pushes to have returned; the number that have.
        func pushes(reaching count: Int) async throws -> Int {
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline && done.load() < count { try await Task.sleep(for: .milliseconds(5)) }
            return done.load()
        }
    }

    @Test func aFullQueueTakesMoreWhileASiblingStarvesUpToItsHardCapacity() async throws {
        let queue = BoundedQueue<Int>(capacity: 2)
        let starving = Counter()
        starving.value.store(1, ordering: .relaxed)
        let pusher = Pusher(queue, count: 5, starving: { starving.load() == 1 })
        try await Task.sleep(for: .milliseconds(300))
        // Four taken at once (two beyond the capacity); the fifth waits at the hard capacity.
        #expect(pusher.done.load() == 4)
        #expect(queue.count == 4)
        // The sibling fed again: the usual capacity holds, so one pop frees no room...
        starving.value.store(0, ordering: .relaxed)
        _ = queue.pop()
        try await Task.sleep(for: .milliseconds(100))
        #expect(pusher.done.load() == 4)
        // ...until the queue is below it.
        _ = queue.pop()
        _ = queue.pop()
        #expect(try await pusher.pushes(reaching: 5) == 5)
        queue.close()
        pusher.thread.join()
    }

    @Test func withoutStarvationAFullQueueBlocksItsProducer() async throws {
        let queue = BoundedQueue<Int>(capacity: 2)
        let pusher = Pusher(queue, count: 3, starving: { false })
        try await Task.sleep(for: .milliseconds(200))
        #expect(pusher.done.load() == 2)
        _ = queue.pop()
        #expect(try await pusher.pushes(reaching: 3) == 3)
        queue.close()
        pusher.thread.join()
    }
}
