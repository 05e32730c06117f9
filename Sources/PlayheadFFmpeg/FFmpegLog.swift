import CShims
import PlayheadCore
import PlayheadSys
import Synchronization

/// FFmpeg prints to stderr by itself; route its errors through one line sink instead, so they
/// arrive as whole lines with the player's own prefix. Runs of one message are folded (see
/// RepeatedLineFolder): a damaged stream makes FFmpeg say the same error for every frame, on
/// the decoding threads, and each line costs a write to syslog and the console.
public enum FFmpegLog {
    private static let installed = Mutex(false)
    /// Where FFmpeg's error lines go; replaced by the executable when it has a logger.
    nonisolated(unsafe) public static var lineHandler: @Sendable (String) -> Void = { _ in }
    /// The fold, and whether a tick is on its way to say a run's count.
    private static let fold = Mutex((folder: RepeatedLineFolder(), tickPending: false))

    static func installOnce() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            // AV_LOG_ERROR is 16: only errors, not FFmpeg's warnings about every odd packet.
            playhead_set_ffmpeg_log_sink({ _, line in
                guard let line else { return }
                var text = String(cString: line)
                while text.last == "\n" { text.removeLast() }
                if !text.isEmpty { FFmpegLog.receive("ffmpeg: " + ControlCharacters.escaped(text)) }
            }, 16)
        }
    }

    /// One of FFmpeg's lines, from whichever thread logged it. The handler is called under the
    /// fold's lock, so a run's count is never printed after the message that ended the run.
    static func receive(_ line: String, now: Int64 = MonotonicClock().now().nanoseconds) {
        let startTick = fold.withLock { s -> Bool in
            let out = s.folder.offer(line, now: now)
            for l in out { lineHandler(l) }
            // Nothing printed: a run is being counted; its count is said within a second even
            // if FFmpeg falls silent.
            guard out.isEmpty, !s.tickPending else { return false }
            s.tickPending = true
            return true
        }
        if startTick { scheduleTick() }
    }

    /// Off the decoding threads: a task that sleeps, then says a run's count if it is due.
    private static func scheduleTick() {
        Task.detached {
            try? await Task.sleep(for: .seconds(1))
            FFmpegLog.tick()
        }
    }

    static func tick(now: Int64 = MonotonicClock().now().nanoseconds) {
        let again = fold.withLock { s -> Bool in
            for l in s.folder.tick(now: now) { lineHandler(l) }
            // A count not yet due (the run's second began after this tick was set).
            s.tickPending = s.folder.pendingRepeats > 0
            return s.tickPending
        }
        if again { scheduleTick() }
    }
}
