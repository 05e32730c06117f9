import PlayheadCore
import PlayheadSys
import Synchronization

/// Items are opened off the engine's thread: probing reads and decodes an item's start, and a
/// network open waits up to its timeout. The core says what to open (`.open`); the result comes
/// back as a command.
extension PlaybackEngine {
    /// Opens an item on a thread of its own; the result comes back as `.opened`.
    func open(_ item: PlayerItem, attempt: UInt64) {
        let backend = env.backend
        var itemOptions = env.sourceOptions
        if let still = item.stillDuration { itemOptions.stillDuration = still }
        let options = itemOptions
        let open: @Sendable () -> Void = { [self] in
            let result: Result<any MediaSource, PlaybackError>
            do throws(PlaybackError) {
                let probe = try Self.probeGivingWay(item, backend: backend, options: options)
                // The sound track is chosen before the decoders open: the one chosen, or the
                // player's languages' (a restart opens with the same).
                var chosen = options
                // A probe may offer more than its tracks (subtitle files beside the media).
                let groups = probe.info.selectionGroups.isEmpty ? MediaSelectionGroup.groups(of: probe.info) : probe.info.selectionGroups
                chosen.audioTrackID = item.resolveSelection(groups: groups, criteria: selectionCriteria.withLock { $0 }).audible?.trackID
                result = .success(try probe.makeSource(options: chosen))
            } catch {
                result = .failure(error)
            }
            post(.opened(item, result, attempt: attempt))
        }
        let started = MonotonicClock().now().nanoseconds
        // Stepped: opened right here; the result is taken up by the next step, as a thread's is.
        guard !env.stepped else {
            openers[item] = ItemOpener(thread: nil, attempt: attempt, startedNanoseconds: started)
            open()
            return
        }
        let thread = WorkerThread(name: "ph-open") {
            // The codec's threads, made here, inherit this.
            WorkerThread.giveWayAsDecoding()
            open()
        }
        openers[item] = ItemOpener(thread: thread, attempt: attempt, startedNanoseconds: started)
    }

    /// An opener answered: its thread is joined and the core takes the result, unless the open
    /// was abandoned (past its bound) meanwhile: its item has failed or is being opened again.
    func openAnswered(_ item: PlayerItem, _ result: Result<any MediaSource, PlaybackError>, attempt: UInt64) {
        guard let opener = openers[item], opener.attempt == attempt else {
            if case .success(let s) = result { closer.async { s.close() } }
            return
        }
        // The opener posted this as its last act: the join returns at once.
        openers.removeValue(forKey: item)?.thread?.join()
        core.openFinished(item, result)
    }

    /// Fails the items whose open has taken longer than its bound and leaves their threads
    /// behind (detached: each frees itself if it ever returns). Real time, not the engine's
    /// clock: a virtual clock stands still while an item opens.
    func abandonOverdueOpens() {
        guard !openers.isEmpty else { return }
        let now = MonotonicClock().now().nanoseconds
        let bound = ItemOpener.boundNanoseconds(networkTimeout: env.sourceOptions.networkTimeoutNanoseconds)
        for (item, opener) in openers where now - opener.startedNanoseconds > bound {
            guard let thread = opener.thread else { continue }
            openers[item] = nil
            thread.abandon()
            let error = PlaybackError(.timedOut, "\(item.asset.url): opening took more than \(bound / 1_000_000_000) s; given up (is the file on a device that stopped answering?)")
            // As if the opener had answered so: the item fails and the queue goes on.
            core.openFinished(item, .failure(error))
        }
    }

    /// The asset's own probe when it was loaded (the item is opened once), else a new one made
    /// on a thread that gives way to playback: probing reads and decodes the item's start, and
    /// on a busy board (the next item opened while this one plays) it took the processor from
    /// the pictures right after each item change, which then missed their vblank (seen in the
    /// flip traces). The decoders are made on the opener, at decoding's level: threads inherit it.
    private static func probeGivingWay(_ item: PlayerItem, backend: any MediaBackend,
                                       options: SourceOptions) throws(PlaybackError) -> any ProbedMedia {
        let outcome = Mutex<Result<any ProbedMedia, PlaybackError>?>(nil)
        WorkerThread(name: "ph-probe") {
            WorkerThread.lowerCurrentPriority(toProcessPlus: probeNiceSteps)
            let result: Result<any ProbedMedia, PlaybackError>
            do throws(PlaybackError) {
                result = .success(try item.asset.takeProbe(backend: backend, options: options))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
        }.join()
        guard let result = outcome.withLock({ $0 }) else {
            throw PlaybackError(.internalError, "\(item.asset.url): the probe thread ended without a result")
        }
        return try result.get()
    }

    /// Ten nice levels below the process: a tenth of the processor's share when playback wants
    /// it all, all of it when idle.
    static var probeNiceSteps: Int32 { 10 }
}
