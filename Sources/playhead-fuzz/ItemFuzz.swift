import Playhead
import PlayheadCore
import PlayheadFFmpeg
import PlayheadSys
import Synchronization

/// The same input as a player item, untimed with null outputs: the engine's own timing meets the
/// file's numbers too. The source's frames go through what only the engine does with them (the
/// segment offset added to each pts, the presentation clock's host times, the frame scheduler's
/// decisions, late-frame sums, the loaded and seekable ranges), and a seek to the middle of the
/// claimed duration and a reverse pass reach the source's timestamp-for-time maths, which plain
/// pulling never calls. A whole player (its engine thread, the real code path an item takes)
/// rather than the core's maths fed by hand: hand-feeding would test what we thought the engine
/// does, and each new engine step would need copying here.
enum ItemFuzz {
    private struct Progress {
        var ready = false
        var seeks = 0
        var over = false
        var line = ""
    }

    /// Plays `path` for at most `seconds` of real time; returns a line saying how it ended.
    @discardableResult
    static func play(_ path: String, seconds: Int64 = 2) -> String {
        let backend = FFmpegBackend()
        let options = SourceOptions(decodeThreads: 1, networkTimeoutNanoseconds: 2_000_000_000)
        let item = PlayerItem(asset: Asset(url: path, backend: backend))
        let player = Player(environment: .headless(backend: backend, untimed: true, options: options), item: item)
        defer { player.shutdown() }
        let progress = Mutex(Progress())
        player.onEvent = { event in
            progress.withLock { p in
                switch event.kind {
                case .itemStatusChanged(.readyToPlay): p.ready = true
                case .seekCompleted: p.seeks += 1
                case .itemStatusChanged(.failed), .failedToPlayToEndTime, .playerStatusChanged(.failed, _):
                    p.over = true
                    p.line = "failed"
                case .didPlayToEndTime:
                    p.over = true
                    p.line = "ended"
                default: break
                }
            }
        }
        let clock = MonotonicClock()
        let deadline = clock.now().nanoseconds + seconds * 1_000_000_000
        func wait(until done: (Progress) -> Bool, share: Int64) {
            let until = min(deadline, clock.now().nanoseconds + share)
            while clock.now().nanoseconds < until, !progress.withLock({ done($0) || $0.over }) { MonotonicClock.sleep(milliseconds: 1) }
        }
        player.play()
        wait(until: \.ready, share: seconds * 1_000_000_000 / 3)
        let duration = item.duration
        if progress.withLock({ !$0.over }), duration.isNumeric, duration > .zero {
            player.seek(to: duration.multiplied(by: 1, over: 2))
            wait(until: { $0.seeks > 0 }, share: seconds * 1_000_000_000 / 4)
        }
        wait(until: { _ in false }, share: seconds * 1_000_000_000 / 2)
        // Reverse from the end it reached, last: the reverse pass seeks to the keyframe before
        // each limit. Only after an end, which keeps short inputs short.
        if progress.withLock({ $0.line == "ended" }), item.canPlayReverse {
            player.setRate(PlaybackRate(numerator: -2, denominator: 1))
            MonotonicClock.sleep(milliseconds: 50)
        }
        let line = progress.withLock { $0.line }
        return "item \(line.isEmpty ? "still playing" : line) at \(player.currentTime().secondsText) s"
    }
}
