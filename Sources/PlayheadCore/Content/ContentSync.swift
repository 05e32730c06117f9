/// The decisions of content that syncs itself (`content-url`): when to ask the server for its
/// manifest, what to download into the next generation, what to do when the network, the
/// server or the disk fails, and when the new generation is complete and may play. A value
/// stepped by the content thread (or a test, on a virtual clock) with what its work gave; it
/// touches nothing. A generation only ever plays whole: its files are downloaded and verified
/// in an incoming folder that becomes `gen-N` in one rename, and the playlist changes to it at
/// an item's end; until then, and forever with no network, the last complete one plays.
public struct ContentSync: Sendable {
    public struct Generation: Sendable, Hashable {
        public let number: Int
        public let manifest: ContentManifest
        public init(number: Int, manifest: ContentManifest) {
            self.number = number
            self.manifest = manifest
        }
    }

    public enum Action: Sendable, Hashable {
        case fetchManifest
        /// Make the incoming folder ready for `generation`: files a complete generation holds
        /// already (same SHA-256) are linked from it; partial downloads of other files go.
        case prepare(Generation)
        /// Download (resuming what is there) and verify one file into the incoming folder.
        case download(ContentManifest.File)
        /// The incoming folder becomes `gen-N`, whole, in one rename.
        case commit(Generation)
        /// Play the generation's playlist from the end of the item playing.
        case play(Generation)
        /// The generations before this one go, once it plays.
        case removeBefore(Int)
        case note(String)
        case warning(String)
    }

    /// What a download came to.
    public enum Outcome: Sendable, Hashable {
        case verified
        /// The bytes do not hash to the manifest's SHA-256 (damaged, or changed on the server).
        case mismatch
        case failed(String)
        /// Too little room on the disk for the file.
        case noRoom(String)
    }

    public enum Phase: Sendable, Hashable {
        case idle(nextPollAt: Int64)
        case fetching
        case downloading(Generation, index: Int)
        /// After a failure: the same file again at `at`.
        case retrying(Generation, index: Int, at: Int64)
        case committing(Generation)
        /// Committed; waits for the playlist to change to it.
        case switching(Generation)
    }

    public let pollNanoseconds: Int64
    /// The most the content folder may hold (every generation kept, the new one included).
    public let limitBytes: Int64
    public private(set) var phase: Phase
    /// The generation playing (nil: none yet, the options' own playlist plays).
    public private(set) var current: Generation?
    /// Failures in a row, for the back-off.
    public private(set) var failures = 0
    /// Files that did not match their hash in a row, for this manifest.
    private var mismatches = 0
    private var syncAsked = false

    public static let firstRetryNanoseconds: Int64 = 5_000_000_000
    public static let longestRetryNanoseconds: Int64 = 300_000_000_000
    public static let mismatchLimit = 3

    public init(current: Generation?, pollNanoseconds: Int64, limitBytes: Int64, now: Int64) {
        self.current = current
        self.pollNanoseconds = pollNanoseconds
        self.limitBytes = limitBytes
        phase = .idle(nextPollAt: now)
    }

    /// When the content thread must step the machine next, if nothing else happens.
    public var wakeAt: Int64? {
        switch phase {
        case .idle(let at): return syncAsked ? nil : at
        case .retrying(_, _, let at): return at
        default: return nil
        }
    }

    /// Time passing.
    public mutating func tick(now: Int64) -> [Action] {
        switch phase {
        case .idle(let at) where now >= at || syncAsked:
            syncAsked = false
            phase = .fetching
            return [.fetchManifest]
        case .retrying(let g, let index, let at) where now >= at:
            phase = .downloading(g, index: index)
            return [.download(g.manifest.files[index])]
        default:
            return []
        }
    }

    /// `sync` on the console or over MQTT: ask now (or as soon as the work in hand is done).
    public mutating func syncRequested(now: Int64) -> [Action] {
        syncAsked = true
        return tick(now: now)
    }

    public mutating func manifestFetched(_ result: Result<ContentManifest, ContentFailure>, now: Int64) -> [Action] {
        guard case .fetching = phase else { return [] }
        let manifest: ContentManifest
        switch result {
        case .failure(let f):
            return backOff(now: now, [.warning("content: \(f.message); \(keeping)")])
        case .success(let m): manifest = m
        }
        if manifest == current?.manifest {
            failures = 0
            mismatches = 0
            phase = .idle(nextPollAt: now + pollNanoseconds)
            return []
        }
        let reused = Set(current?.manifest.files.map(\.sha256) ?? [])
        let newBytes = manifest.files.filter { !reused.contains($0.sha256) }.reduce(Int64(0)) { $0 + $1.size }
        let kept = current?.manifest.totalBytes ?? 0
        guard kept + newBytes <= limitBytes else {
            failures = 0
            phase = .idle(nextPollAt: now + pollNanoseconds)
            return [.warning("content: the new manifest needs \(Self.megabytes(newBytes)) more beside the \(Self.megabytes(kept)) playing, "
                + "over content-limit \(Self.megabytes(limitBytes)); \(keeping)")]
        }
        let generation = Generation(number: (current?.number ?? 0) + 1, manifest: manifest)
        let count = manifest.files.filter { !reused.contains($0.sha256) }.count
        phase = .downloading(generation, index: 0)
        return [.note("content: generation \(generation.number): \(manifest.files.count) files, \(count) to download (\(Self.megabytes(newBytes)))"),
                .prepare(generation)] + next(generation, from: 0)
    }

    /// A file's download came to `outcome`.
    public mutating func downloaded(_ outcome: Outcome, now: Int64) -> [Action] {
        guard case .downloading(let g, let index) = phase else { return [] }
        let file = g.manifest.files[index]
        switch outcome {
        case .verified:
            failures = 0
            return next(g, from: index + 1)
        case .mismatch:
            mismatches += 1
            guard mismatches < Self.mismatchLimit else {
                mismatches = 0
                failures = 0
                phase = .idle(nextPollAt: now + pollNanoseconds)
                return [.warning("content: \(file.path) did not match its SHA-256 in \(Self.mismatchLimit) downloads (the server's copy is "
                    + "damaged, or the manifest is wrong); \(keeping), and the manifest is asked for again in \(pollNanoseconds / 1_000_000_000) s")]
            }
            // The manifest may have changed under the download: ask again before going on.
            phase = .fetching
            return [.note("content: \(file.path) did not match its SHA-256; asking for the manifest again"), .fetchManifest]
        case .failed(let why):
            return backOff(now: now, [.warning("content: \(file.path): \(why); \(keeping)")], retrying: (g, index))
        case .noRoom(let why):
            failures = 0
            phase = .idle(nextPollAt: now + pollNanoseconds)
            return [.warning("content: no room for \(file.path) (\(why)); \(keeping)")]
        }
    }

    /// The commit's rename came to `error` (nil: done).
    public mutating func committed(error: String?, now: Int64) -> [Action] {
        guard case .committing(let g) = phase else { return [] }
        if let error {
            return backOff(now: now, [.warning("content: generation \(g.number) could not be made whole (\(error)); \(keeping)")])
        }
        phase = .switching(g)
        return [.note("content: generation \(g.number) is complete and verified; it plays from the end of the item playing"), .play(g)]
    }

    /// The playlist changed to the generation: the ones before it go.
    public mutating func playing(_ number: Int, now: Int64) -> [Action] {
        guard case .switching(let g) = phase, g.number == number else { return [] }
        current = g
        mismatches = 0
        phase = .idle(nextPollAt: syncAsked ? now : now + pollNanoseconds)
        return [.note("content: generation \(g.number) plays"), .removeBefore(g.number)]
    }

    private var keeping: String {
        current.map { "generation \($0.number) plays on" } ?? "the options' own playlist plays on"
    }

    /// The first file from `index` that needs downloading (the others were linked by
    /// `prepare`), or the commit when none is left.
    private mutating func next(_ g: Generation, from index: Int) -> [Action] {
        let reused = Set(current?.manifest.files.map(\.sha256) ?? [])
        var i = index
        while i < g.manifest.files.count, reused.contains(g.manifest.files[i].sha256) { i += 1 }
        guard i < g.manifest.files.count else {
            phase = .committing(g)
            return [.commit(g)]
        }
        phase = .downloading(g, index: i)
        return [.download(g.manifest.files[i])]
    }

    /// Waits longer after each failure in a row (5 s doubling to 5 min): a file resumes where it
    /// stopped; anything else asks for the manifest again.
    private mutating func backOff(now: Int64, _ actions: [Action], retrying: (Generation, Int)? = nil) -> [Action] {
        failures += 1
        let wait = min(Self.longestRetryNanoseconds, Self.firstRetryNanoseconds << min(failures - 1, 10))
        if let (g, index) = retrying {
            phase = .retrying(g, index: index, at: now + wait)
        } else {
            phase = .idle(nextPollAt: now + wait)
        }
        return actions
    }

    public static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

/// Why the manifest could not be had: one line.
public struct ContentFailure: Error, Sendable, Hashable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
