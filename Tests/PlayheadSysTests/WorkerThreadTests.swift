import Glibc
import PlayheadSys
import Synchronization
import Testing

/// Thread owners stop once, from anywhere, and never leave a thread behind.
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

    @Test func stopFromManyThreadsAtOnceJoinsOnceAndWakesOnce() {
        let wakes = Atomic(0)
        let stop = Atomic(false)
        let worker = WorkerThread(name: "ph-test") {
            while !stop.load(ordering: .acquiring) { usleep(1000) }
        }
        let stoppers = (0..<8).map { _ in
            WorkerThread(name: "ph-stopper") {
                worker.stop {
                    wakes.add(1, ordering: .relaxed)
                    stop.store(true, ordering: .releasing)
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

    @Test func stopOnItsOwnThreadDetachesInsteadOfDeadlocking() {
        let done = Atomic(false)
        let holder = Mutex<WorkerThread?>(nil)
        let worker = WorkerThread(name: "ph-self") {
            while holder.withLock({ $0 }) == nil { usleep(1000) }
            holder.withLock { $0 }?.stop()
            done.store(true, ordering: .releasing)
        }
        holder.withLock { $0 = worker }
        while !done.load(ordering: .acquiring) { usleep(1000) }
        #expect(worker.hasEnded)
        worker.stop()
    }

    @Test func stoppedThreadsAreGoneAndNamed() {
        let stop = Atomic(false)
        let workers = (0..<20).map { _ in
            WorkerThread(name: "ph-t-named") { while !stop.load(ordering: .acquiring) { usleep(1000) } }
        }
        for _ in 0..<200 where Self.threads(named: "ph-t-named") < 20 { usleep(5000) }
        #expect(Self.threads(named: "ph-t-named") == 20)
        for w in workers { w.stop { stop.store(true, ordering: .releasing) } }
        #expect(Self.threads(named: "ph-t-named") == 0)
    }

    @Test func serialQueueRunsInOrderAndStopsFromInside() {
        let queue = SerialQueue(name: "ph-serial")
        let seen = Mutex<[Int]>([])
        for i in 0..<2000 {
            queue.async { seen.withLock { $0.append(i) } }
        }
        let finished = Atomic(false)
        queue.async {
            queue.stop()
            finished.store(true, ordering: .releasing)
        }
        while !finished.load(ordering: .acquiring) { usleep(1000) }
        #expect(seen.withLock { $0 } == Array(0..<2000))
        queue.async { seen.withLock { $0.append(-1) } }
        queue.stop()
        #expect(seen.withLock { $0.count } == 2000)
    }

    /// `finish` runs everything already queued (sources handed over to be closed must all be
    /// closed), then ends the thread and ignores what comes later.
    @Test func serialQueueFinishRunsWhatIsQueuedThenEnds() {
        let queue = SerialQueue(name: "ph-finish")
        let seen = Mutex<[Int]>([])
        queue.async { usleep(50_000) }
        for i in 0..<100 {
            queue.async { seen.withLock { $0.append(i) } }
        }
        queue.finish()
        #expect(seen.withLock { $0 } == Array(0..<100))
        queue.async { seen.withLock { $0.append(-1) } }
        usleep(10_000)
        #expect(seen.withLock { $0.count } == 100)
        #expect(Self.threads(named: "ph-finish") == 0)
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

