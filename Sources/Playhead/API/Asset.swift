import PlayheadSys
import Synchronization

/// Media at a location, whose properties load asynchronously (AVURLAsset). Loading opens the
/// media on a thread of its own, because probing blocks (network, slow storage).
public final class Asset: Sendable {
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
    }

    /// The location as given; `location` is nil when it could not be understood.
    public let url: String
    public let location: MediaLocation?
    let locationError: PlaybackError?
    private let backend: (any MediaBackend)?
    private let state = Mutex(State())

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

    public func status(of key: Key) -> LoadStatus {
        state.withLock { s in
            if let e = s.error { return .failed(e) }
            if s.info != nil { return .loaded }
            return s.loading ? .loading : .notYetLoaded
        }
    }

    /// Everything the asset knows, loading it first if needed.
    public func load() async throws(PlaybackError) -> MediaInfo {
        let result = await withCheckedContinuation { (c: CheckedContinuation<Result<MediaInfo, PlaybackError>, Never>) in
            let startNow = state.withLock { s -> Bool in
                if let info = s.info { c.resume(returning: .success(info)); return false }
                if let e = s.error { c.resume(returning: .failure(e)); return false }
                s.waiters.append(c)
                defer { s.loading = true }
                return !s.loading
            }
            if startNow { startLoading() }
        }
        return try result.get()
    }

    public func loadTracks() async throws(PlaybackError) -> [TrackInfo] { try await load().tracks }
    public func loadDuration() async throws(PlaybackError) -> MediaTime { try await load().duration }
    public func loadIsPlayable() async throws(PlaybackError) -> Bool { try await load().isPlayable }

    private func startLoading() {
        let backend = self.backend ?? Asset.defaultBackend.withLock { $0 }
        let location = self.location, locationError = self.locationError
        _ = WorkerThread(name: "ph-asset") { [self] in
            let result: Result<MediaInfo, PlaybackError>
            if let location, let backend {
                do throws(PlaybackError) {
                    let source = try backend.open(location, options: SourceOptions())
                    result = .success(source.info)
                    source.close()
                } catch {
                    result = .failure(error)
                }
            } else {
                result = .failure(locationError ?? PlaybackError(.internalError, "\(url): no media backend; set Asset.defaultBackend or pass one"))
            }
            let waiters = state.withLock { s in
                switch result {
                case .success(let info): s.info = info
                case .failure(let e): s.error = e
                }
                s.loading = false
                defer { s.waiters = [] }
                return s.waiters
            }
            for w in waiters { w.resume(returning: result) }
        }
    }
}
