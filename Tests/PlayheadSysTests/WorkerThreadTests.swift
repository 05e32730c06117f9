import Dispatch
import Glibc
import PlayheadSys
import PlayheadTestSupport
import Synchronization
import Testing

/// Thread owners stop once, from anywhere, and never leave a thread behind. Real threads are
/// what is tested: the tests wait for what the threads do (SharedValue.wait, or a join); the
/// threads that end on a stop sleep on a StopFlag until its wake.
@Suite(.timeLimit(.minutes(1))) struct WorkerThreadTests {
    /// Threads of this process whose name starts with `prefix`, from /proc (other suites run
    /// threads of their own meanwhile).
    static func threads(named prefix: String) -> Int {
        let dir = opendir("/proc/self/task")
        defer { if let dir { closedir(dir) } }
        var count = 0
        while let dir, let entry = readdir(dir) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard tid.first?.isNumber == true else { continue }
            if FileInput.readText("/proc/self/task/\(tid)/comm")?.hasPrefix(prefix) == true { count += 1 }
        }
        return count
    }

    /// Whether no thread named `prefix` is left. A join returns once the thread has cleared
    /// its id, a moment before the kernel drops it from /proc (a loaded machine stretches that
    /// moment): /proc, which sends no event, is read again every millisecond, up to 30 s.
    static func noThreads(named prefix: String) async -> Bool {
        let giveUp = ContinuousClock.now + Occurrences.bound
        while threads(named: prefix) > 0 {
            guard ContinuousClock.now < giveUp else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    @Test func stopFromManyThreadsAtOnceJoinsOnceAndWakesOnce() {
        let wakes = Atomic(0)
        let stop = StopFlag()
        let worker = WorkerThread(name: "ph-test") { stop.waitUntilRaised() }
        let stoppers = (0..<8).map { _ in
            WorkerThread(name: "ph-stopper") {
                worker.stop {
                    wakes.add(1, ordering: .relaxed)
                    stop.raise()
                }
                // Every caller returns only once the thread is gone.
                #expect(worker.hasEnded)
            }
        }
        for s in stoppers { s.join() }
        #expect(wakes.load(ordering: .relaxed) == 1)
        worker.stop()
        #expect(worker.hasEnded)
    }

    @Test func stopOnItsOwnThreadDetachesInsteadOfDeadlocking() async {
        let done = SharedValue(false)
        let holder = Mutex<WorkerThread?>(nil)
        let handedOver = DispatchSemaphore(value: 0)
        let worker = WorkerThread(name: "ph-self") {
            handedOver.wait()
            holder.withLock { $0 }?.stop()
            done.set(true)
        }
        holder.withLock { $0 = worker }
        handedOver.signal()
        #expect(await done.wait { $0 })
        #expect(worker.hasEnded)
        worker.stop()
    }

    @Test func stoppedThreadsAreGoneAndNamed() async {
        let stop = StopFlag()
        let started = SharedValue(0)
        let workers = (0..<20).map { _ in
            // Each names itself before its body runs.
            WorkerThread(name: "ph-t-named") {
                started.update { $0 += 1 }
                stop.waitUntilRaised()
            }
        }
        #expect(await started.wait { $0 == 20 })
        #expect(Self.threads(named: "ph-t-named") == 20)
        for w in workers { w.stop { stop.raise() } }
        #expect(workers.allSatisfy { $0.hasEnded })
        #expect(await Self.noThreads(named: "ph-t-named"), "\(Self.threads(named: "ph-t-named")) left")
    }

    @Test func serialQueueRunsInOrderAndStopsFromInside() async {
        let queue = SerialQueue(name: "ph-serial")
        let seen = Mutex<[Int]>([])
        for i in 0..<2000 {
            queue.async { seen.withLock { $0.append(i) } }
        }
        let finished = SharedValue(false)
        queue.async {
            queue.stop()
            finished.set(true)
        }
        #expect(await finished.wait { $0 })
        #expect(seen.withLock { $0 } == Array(0..<2000))
        queue.async { seen.withLock { $0.append(-1) } }
        queue.stop()
        #expect(seen.withLock { $0.count } == 2000)
    }

    /// `finish` runs everything already queued (sources handed over to be closed must all be
    /// closed), then ends the thread and ignores what comes later.
    @Test func serialQueueFinishRunsWhatIsQueuedThenEnds() async {
        let queue = SerialQueue(name: "ph-finish")
        let seen = Mutex<[Int]>([])
        // A slow first closure: the rest are still queued when finish is called.
        queue.async { usleep(50_000) }
        for i in 0..<100 {
            queue.async { seen.withLock { $0.append(i) } }
        }
        queue.finish()
        #expect(seen.withLock { $0 } == Array(0..<100))
        // The thread is joined: nothing is left to run what comes now, and it is dropped.
        #expect(await Self.noThreads(named: "ph-finish"))
        queue.async { seen.withLock { $0.append(-1) } }
        #expect(seen.withLock { $0.count } == 100)
    }

    /// The nice value of the calling thread, from /proc (field 19 of stat, after the name).
    static func threadNice() -> Int? {
        guard let stat = FileInput.readText("/proc/thread-self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }

    @Test func aThreadThatGivesWayLowersItsOwnPriorityOnly() {
        let before = Self.threadNice()
        let process = Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid())))
        let seen = Mutex<(returned: Int32?, read: Int?)>((nil, nil))
        let worker = WorkerThread(name: "ph-test-nice") {
            let returned = WorkerThread.lowerCurrentPriority(toProcessPlus: 5)
            seen.withLock { $0 = (returned, Self.threadNice()) }
        }
        worker.join()
        let (returned, read) = seen.withLock { $0 }
        #expect(before != nil)
        #expect(returned.map(Int.init) == read)
        #expect(read == min(19, process + 5))
        // The nice value is the thread's own: the caller's stays as it was.
        #expect(Self.threadNice() == before)
    }

    /// Giving way as decoding lands at the process's nice value plus the steps, however often
    /// it is asked and from however low a thread: chains of threads do not sink to 19.
    @Test func givingWayAsDecodingDoesNotCompound() {
        let process = Atomic(-100), first = Atomic(-100), child = Atomic(-100)
        let worker = WorkerThread(name: "ph-test-nice") {
            process.store(Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))), ordering: .relaxed)
            first.store(Int(WorkerThread.giveWayAsDecoding() ?? -1), ordering: .relaxed)
            WorkerThread(name: "ph-test-nice2") {
                child.store(Int(WorkerThread.giveWayAsDecoding() ?? -1), ordering: .relaxed)
            }.join()
        }
        worker.join()
        let wanted = min(19, process.load(ordering: .relaxed) + Int(WorkerThread.decodingNiceSteps))
        #expect(first.load(ordering: .relaxed) == wanted)
        #expect(child.load(ordering: .relaxed) == wanted)
    }
}

