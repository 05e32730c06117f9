import PlayheadSys
import PlayheadTestSupport
import Testing

/// The overflow that keeps one producer feeding two queues: a full queue takes more while a
/// sibling starves, never past its hard capacity, and blocks as usual otherwise. Pushes run on
/// a thread of their own, so a push that blocks where it should not fails the test instead of
/// hanging it. A push held at a full queue asks `starving` again every 50 ms: two more asks
/// with no push between show it waiting, without a sleep standing for it.
@Suite(.timeLimit(.minutes(1))) struct BoundedQueueTests {
    final class Pusher: Sendable {
        /// Pushes that have returned.
        let done = SharedValue(0)
        /// Times the queue asked whether the sibling starves.
        let asked = SharedValue(0)
        let thread: WorkerThread

        init(_ queue: BoundedQueue<Int>, count: Int, starving: @escaping @Sendable () -> Bool) {
            let done = done, asked = asked
            thread = WorkerThread(name: "test-push") {
                for n in 0..<count {
                    queue.push(n, overflowingUpTo: 4, while: {
                        asked.update { $0 += 1 }
                        return starving()
                    })
                    done.update { $0 += 1 }
                }
            }
        }

        /// Whether the pusher is held: it asked twice more after the call, with `count` pushes
        /// done (and no more).
        func isHeld(after count: Int) async -> Bool {
            guard await done.wait(until: { $0 >= count }) else { return false }
            let before = asked.get
            guard await asked.wait(until: { $0 >= before + 2 }) else { return false }
            return done.get == count
        }
    }

    @Test func aFullQueueTakesMoreWhileASiblingStarvesUpToItsHardCapacity() async throws {
        let queue = BoundedQueue<Int>(capacity: 2)
        let starving = SharedValue(true)
        let pusher = Pusher(queue, count: 5, starving: { starving.get })
        // Four taken at once (two beyond the capacity); the fifth waits at the hard capacity.
        #expect(await pusher.isHeld(after: 4), "\(pusher.done.get) pushed")
        #expect(queue.count == 4)
        // The sibling fed again: the usual capacity holds, so one pop frees no room...
        starving.set(false)
        _ = queue.pop()
        #expect(await pusher.isHeld(after: 4), "\(pusher.done.get) pushed")
        // ...until the queue is below it.
        _ = queue.pop()
        _ = queue.pop()
        #expect(await pusher.done.wait { $0 == 5 })
        queue.close()
        pusher.thread.join()
    }

    @Test func withoutStarvationAFullQueueBlocksItsProducer() async throws {
        let queue = BoundedQueue<Int>(capacity: 2)
        let pusher = Pusher(queue, count: 3, starving: { false })
        #expect(await pusher.isHeld(after: 2), "\(pusher.done.get) pushed")
        _ = queue.pop()
        #expect(await pusher.done.wait { $0 == 3 })
        queue.close()
        pusher.thread.join()
    }
}
