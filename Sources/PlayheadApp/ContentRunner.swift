import PlayheadCore
import PlayheadFFmpeg
import PlayheadSys
import Synchronization

/// Content sync carried out on a thread of its own (`ph-content`, at the lowest priority: a
/// download waits behind playback, never the other way round). It steps ContentSync with what
/// the network and the disk gave, and hands a complete generation to the router, which plays
/// it from the end of the item playing; the generations before go once it plays.
final class ContentRunner: Sendable {
    typealias Items = [(location: String, title: String?, duration: Double?)]

    struct Shared: Sendable {
        var stopping = false
        var machine: ContentSync
        var syncAsked = false
        var nowPlaying: Int?
        /// The download in hand: its path, the bytes there, its size.
        var download: (path: String, bytes: Int64, size: Int64)?
        var lastLine: String?
    }

    let url: String
    let store: ContentStore
    private let caFile: String?
    private let shared: Mutex<Shared>
    private let wake: WakeSignal
    private let fetchGuard: FetchGuard
    private let worker = Mutex<WorkerThread?>(nil)
    private let apply = Mutex<(@Sendable (ContentChange) -> Void)?>(nil)
    private let tick = Mutex<(@Sendable () -> Void)?>(nil)
    /// The manifest's bytes as fetched last, kept with the generation made from them
    /// (`ph-content` only).
    private let fetched = Mutex<[UInt8]>([])
    private let timeoutSeconds: Int

    private init?(url: String, store: ContentStore, caFile: String?, timeoutSeconds: Int, machine: ContentSync) {
        guard let wake = WakeSignal(), let fetchGuard = FetchGuard() else { return nil }
        self.url = url
        self.store = store
        self.caFile = caFile
        self.timeoutSeconds = timeoutSeconds
        self.wake = wake
        self.fetchGuard = fetchGuard
        shared = Mutex(Shared(machine: machine))
    }

    /// Content sync from the options, or nil (off, or said in one line why not).
    static func make(_ settings: Settings, caFile: String?) -> ContentRunner? {
        guard let url = settings[ContentOptions.url] else { return nil }
        let store = ContentStore(root: settings[ContentOptions.folder])
        let current = newestWhole(store)
        if let current {
            AppLog.notice("content: generation \(current.number) plays (\(current.manifest.files.count) files in \(store.generationPath(current.number)))")
            // Older ones were to go once it played (a stop or a power cut came first).
            for old in store.generations() where old < current.number { store.remove(old) }
        } else {
            AppLog.notice("content: no generation yet in \(store.root); the options' own playlist plays until one is complete")
        }
        let machine = ContentSync(current: current, pollNanoseconds: Int64(settings[ContentOptions.interval]) * 1_000_000_000,
                                  limitBytes: Int64(settings[ContentOptions.limit]) << 20, now: MonotonicClock().now().nanoseconds)
        guard let runner = ContentRunner(url: url, store: store, caFile: caFile, timeoutSeconds: settings[ContentOptions.timeout], machine: machine) else {
            AppLog.error("content: out of descriptors or memory; content sync is off")
            return nil
        }
        return runner
    }

    /// The newest generation on the disk whose manifest reads and whose files are all there;
    /// a broken one is said and passed over.
    static func newestWhole(_ store: ContentStore) -> ContentSync.Generation? {
        for n in store.generations() {
            guard let bytes = store.manifestBytes(of: n), case .success(let m) = ContentManifest.parse(bytes) else {
                AppLog.warning("content: gen-\(n) in \(store.root) has no readable manifest; passed over")
                continue
            }
            guard store.holds(m, in: n) else {
                AppLog.warning("content: gen-\(n) in \(store.root) lacks files or has them at other sizes; passed over")
                continue
            }
            return .init(number: n, manifest: m)
        }
        return nil
    }

    /// The generation playing at start, as playlist items.
    var startingItems: Items? {
        shared.withLock { $0.machine.current }.map { items(of: $0) }
    }

    func items(of g: ContentSync.Generation) -> Items {
        g.manifest.playlist.map { (location: store.generationPath(g.number) + "/" + $0, title: nil, duration: nil) }
    }

    /// `apply` hands a complete generation to the router; `tick` comes once a second while one
    /// waits for its item's end.
    func start(apply: @escaping @Sendable (ContentChange) -> Void, tick: @escaping @Sendable () -> Void) {
        self.apply.withLock { $0 = apply }
        self.tick.withLock { $0 = tick }
        worker.withLock { w in
            guard w == nil else { return }
            w = WorkerThread(name: "ph-content") { [self] in run() }
        }
    }

    /// Ends a download in progress at once and joins the thread; `incoming/` keeps what came.
    func stop() {
        let w = worker.withLock { $0 }
        w?.stop { [self] in
            shared.withLock { $0.stopping = true }
            fetchGuard.abort()
            wake.signal()
        }
    }

    /// `sync`: the manifest asked for now.
    func requestSync() -> ReplyValue {
        shared.withLock { $0.syncAsked = true }
        wake.signal()
        return .string("asking \(url) for its manifest")
    }

    func report() -> ReplyValue {
        let s = shared.withLock { $0 }
        let phase: String
        switch s.machine.phase {
        case .idle: phase = "idle"
        case .fetching: phase = "asking for the manifest"
        case .downloading(let g, _): phase = "downloading generation \(g.number)"
        case .retrying(let g, _, _): phase = "waiting to resume generation \(g.number)"
        case .committing(let g): phase = "completing generation \(g.number)"
        case .switching(let g): phase = "generation \(g.number) waits for the end of the item playing"
        }
        var fields: [ReplyValue.Field] = [
            .init("url", .string(url)), .init("folder", .string(store.root)), .init("state", .string(phase)),
            .init("playing", s.machine.current.map { .int($0.number) } ?? .null),
            .init("failures", .int(s.machine.failures)),
        ]
        if let d = s.download { fields.append(.init("download", .string("\(d.path): \(d.bytes) of \(d.size) bytes"))) }
        if let line = s.lastLine { fields.append(.init("last", .string(line))) }
        return .object(fields)
    }

    private func run() {
        WorkerThread.lowerCurrentPriority(toProcessPlus: 19)
        while true {
            let now = MonotonicClock().now().nanoseconds
            let (stopping, sync, playing, switching, wakeAt) = shared.withLock { s -> (Bool, Bool, Int?, Bool, Int64?) in
                defer { s.syncAsked = false; s.nowPlaying = nil }
                var switching = false
                if case .switching = s.machine.phase { switching = true }
                return (s.stopping, s.syncAsked, s.nowPlaying, switching, s.machine.wakeAt)
            }
            if stopping { return }
            var actions = shared.withLock { s in
                (playing.map { s.machine.playing($0, now: now) } ?? []) + (sync ? s.machine.syncRequested(now: now) : s.machine.tick(now: now))
            }
            while !actions.isEmpty, !shared.withLock({ $0.stopping }) {
                actions = actions.flatMap { carryOut($0) }
            }
            if switching { tick.withLock { $0 }?() }
            // Until the machine's next time, a second while a generation waits for its item.
            let until = switching ? now + 1_000_000_000 : (shared.withLock { $0.machine.wakeAt } ?? wakeAt ?? now + 60_000_000_000)
            let ms = Int32(clamping: max(0, (until - MonotonicClock().now().nanoseconds + 999_999) / 1_000_000))
            if DescriptorPoll.wait([wake.descriptor], milliseconds: ms)[0] != .idle { wake.drain() }
        }
    }

    /// One action's work; the machine's answer to it.
    private func carryOut(_ action: ContentSync.Action) -> [ContentSync.Action] {
        let now = { MonotonicClock().now().nanoseconds }
        switch action {
        case .note(let line):
            AppLog.notice(line)
            shared.withLock { $0.lastLine = line }
            return []
        case .warning(let line):
            AppLog.warning(line)
            shared.withLock { $0.lastLine = line }
            return []
        case .fetchManifest:
            let result: Result<ContentManifest, ContentFailure>
            switch HTTPFetch.bytes(url, limit: ContentManifest.maxBytes, timeoutSeconds: timeoutSeconds, caFile: caFile, guard: fetchGuard) {
            case .failure(let f): result = .failure(ContentFailure(f.message))
            case .success(let bytes):
                fetched.withLock { $0 = bytes }
                result = ContentManifest.parse(bytes).mapError { ContentFailure("\(url): \($0.reason)") }
            }
            return shared.withLock { $0.machine.manifestFetched(result, now: now()) }
        case .prepare(let g):
            do throws(ContentStore.Failure) {
                try store.prepare(keeping: Set(g.manifest.files.map(\.sha256)))
            } catch {
                AppLog.warning("content: \(error.message)")
            }
            return []
        case .download(let file):
            let outcome = ContentDownload(store: store, fetchGuard: fetchGuard, caFile: caFile, timeoutSeconds: timeoutSeconds) { bytes in
                self.shared.withLock { $0.download = (file.path, bytes, file.size) }
            }.fetch(file, from: fileURL(file.path))
            shared.withLock { $0.download = nil }
            return shared.withLock { $0.machine.downloaded(outcome, now: now()) }
        case .commit(let g):
            let current = shared.withLock { $0.machine.current }
            var reuse: [String: String] = [:]
            if let current {
                for f in current.manifest.files { reuse[f.sha256] = store.generationPath(current.number) + "/" + f.path }
            }
            var error: String?
            do throws(ContentStore.Failure) {
                try store.commit(g.number, manifest: fetched.withLock { $0 }, files: g.manifest.files, reuse: reuse)
            } catch let e {
                error = e.message
            }
            return shared.withLock { $0.machine.committed(error: error, now: now()) }
        case .play(let g):
            let change = ContentChange(generation: g.number, items: items(of: g)) { [self] in
                shared.withLock { $0.nowPlaying = g.number }
                wake.signal()
            }
            apply.withLock { $0 }?(change)
            return []
        case .removeBefore(let n):
            for old in store.generations() where old < n { store.remove(old) }
            return []
        }
    }

    /// A file's address: its manifest path beside the manifest.
    private func fileURL(_ path: String) -> String {
        let base = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        guard let slash = base.lastIndex(of: "/") else { return base + "/" + path }
        return String(base[...slash]) + path
    }
}
