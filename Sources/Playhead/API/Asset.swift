import PlayheadSys
import Synchronization

/// Media at a location, whose properties load asynchronously (AVURLAsset). Loading probes the
/// media on a thread of its own, because probing blocks (network, slow storage). What loading
/// opened is kept for playback, so an item whose asset was loaded is opened once, not twice.
public final class Asset: @unchecked Sendable {
    public enum Key: String, Sendable, CaseIterable { case tracks, duration, isPlayable }

    public enum LoadStatus: Sendable {
        case notYetLoaded, loading, loaded
        case failed(PlaybackError)
    }

    struct State {
        var info: MediaInfo?
        var error: PlaybackError?
        var loading = false
        var waiters: [CheckedContinuation<Result<MediaInfo, PlaybackError>, Never>] = []
        /// What the last load opened, until playback takes it.
        var probe: (any ProbedMedia)?
    }

    /// The location as given; `location` is nil when it could not be understood.
    public let url: String
    public let location: MediaLocation?
    let locationError: PlaybackError?
    private let backend: (any MediaBackend)?
    private let lock = ConditionLock()
    /// Guarded by `lock`.
    private var state = State()

    /// Used by `Asset(url:)` when no backend is given; the executable sets it at start-up.
    public static let defaultBackend = Mutex<(any MediaBackend)?>(nil)

    public init(url: String, backend: (any MediaBackend)? = nil) {
        self.url = url
        self.backend = backend
        do throws(PlaybackError) {
            location = try MediaLocation(url)
            locationError = nil
        } catch {
            location = nil
            locationError = error
        }
    }

    deinit { state.probe?.close() }

    public func status(of key: Key) -> LoadStatus {
        lock.withLock {
            if let e = state.error { return .failed(e) }
            if state.info != nil { return .loaded }
            return state.loading ? .loading : .notYetLoaded
        }
    }

    /// Everything the asset knows, loading it first if needed.
    public func load() async throws(PlaybackError) -> MediaInfo {
        let result = await withCheckedContinuation { (c: CheckedContinuation<Result<MediaInfo, PlaybackError>, Never>) in
            let startNow = lock.withLock { () -> Bool in
                if let info = state.info { c.resume(returning: .success(info)); return false }
                if let e = state.error { c.resume(returning: .failure(e)); return false }
                state.waiters.append(c)
                defer { state.loading = true }
                return !state.loading
            }
            if startNow { startLoading() }
        }
        return try result.get()
    }

    public func loadTracks() async throws(PlaybackError) -> [TrackInfo] { try await load().tracks }
    public func loadDuration() async throws(PlaybackError) -> MediaTime { try await load().duration }
    public func loadIsPlayable() async throws(PlaybackError) -> Bool { try await load().isPlayable }

    /// For playback, on a thread that may block: what the last load opened (waiting for a load
    /// under way), else a new probe, whose info the asset then knows too. A failed asset is
    /// probed again: a file may have been copied in since, and an appliance retries.
    func takeProbe(backend fallback: any MediaBackend, options: SourceOptions) throws(PlaybackError) -> any ProbedMedia {
        let held = lock.withLock { () -> (any ProbedMedia)? in
            while state.loading { lock.wait() }
            defer { state.probe = nil }
            return state.probe
        }
        if let held { return held }
        let result = probe(backend: backend ?? fallback, options: options)
        lock.withLock { record(result.map(\.info)) }
        return try result.get()
    }

    private func probe(backend: (any MediaBackend)?, options: SourceOptions) -> Result<any ProbedMedia, PlaybackError> {
        guard let location else {
            return .failure(locationError ?? PlaybackError(.invalidLocation, "\(url): not a location"))
        }
        guard let backend else {
            return .failure(PlaybackError(.internalError, "\(url): no media backend; set Asset.defaultBackend or pass one"))
        }
        do throws(PlaybackError) {
            return .success(try backend.probe(location, options: options))
        } catch {
            return .failure(error)
        }
    }

    /// Under `lock`.
    private func record(_ result: Result<MediaInfo, PlaybackError>) {
        switch result {
        case .success(let info): state.info = info; state.error = nil
        case .failure(let e): state.error = e
        }
    }

    private func startLoading() {
        let backend = self.backend ?? Asset.defaultBackend.withLock { $0 }
        // Detached: nobody waits for this thread; its result is handed over under the lock.
        WorkerThread.detached(name: "ph-asset") { [self] in
            let result = probe(backend: backend, options: SourceOptions())
            let waiters = lock.withLock { () -> [CheckedContinuation<Result<MediaInfo, PlaybackError>, Never>] in
                record(result.map(\.info))
                if case .success(let p) = result {
                    state.probe?.close()
                    state.probe = p
                }
                state.loading = false
                lock.broadcast()
                defer { state.waiters = [] }
                return state.waiters
            }
            for w in waiters { w.resume(returning: result.map(\.info)) }
        }
    }
}
