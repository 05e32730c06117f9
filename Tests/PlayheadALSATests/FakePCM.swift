import PlayheadALSA
import Synchronization

/// A playback device on a manual clock: it plays `step(frames:)` frames when the test says,
/// keeps every frame written, and underruns, suspends or vanishes when told to.
final class FakePCM: PCMOutput, @unchecked Sendable {
    struct State {
        var queued = 0
        var played: [Float] = []
        var written: [Float] = []
        var next: PCMOutcome?
        var paused = false
        var drops = 0
        var prepares = 0
        /// While set, resuming from a suspend answers "try again" (a device slow to wake).
        var resumeWouldBlock = false
        var resumeTries = 0
    }
    let name: String
    let sampleFormat = PCMSampleFormat.float32
    let sampleRate = 48_000
    let channels = 1
    let bufferFrames = 480
    let periodFrames = 120
    let canPause: Bool
    let state = Mutex(State())

    init(name: String = "fake", canPause: Bool = true) {
        self.name = name
        self.canPause = canPause
    }

    /// The device plays `frames` of what it holds.
    func step(frames: Int) {
        state.withLock { s in
            guard !s.paused else { return }
            let n = min(frames, s.queued)
            let start = s.written.count - s.queued
            s.played.append(contentsOf: s.written[start..<(start + n)])
            s.queued -= n
        }
    }

    func fail(next outcome: PCMOutcome) { state.withLock { $0.next = outcome } }

    private func pending() -> PCMOutcome? {
        state.withLock { s in
            defer { if s.next != .gone { s.next = nil } }
            return s.next
        }
    }

    func waitForRoom(milliseconds: Int32) -> PCMOutcome {
        if let o = pending() { return o }
        return state.withLock { $0.queued < bufferFrames } ? .ok : .timedOut
    }

    func available() -> PCMResult { .frames(state.withLock { bufferFrames - $0.queued }) }
    func delay() -> PCMResult { .frames(state.withLock { $0.queued }) }

    func write(_ bytes: UnsafeRawBufferPointer, frames: Int) -> PCMResult {
        if let o = pending() { return .outcome(o) }
        return state.withLock { s in
            let n = min(frames, bufferFrames - s.queued)
            s.written.append(contentsOf: bytes.bindMemory(to: Float.self).prefix(n))
            s.queued += n
            return .frames(n)
        }
    }

    func pause(_ on: Bool) -> PCMOutcome {
        state.withLock { $0.paused = on }
        return .ok
    }

    func prepare() -> PCMOutcome {
        state.withLock { $0.prepares += 1 }
        return .ok
    }

    func resume() -> PCMOutcome {
        state.withLock { s in
            s.resumeTries += 1
            return s.resumeWouldBlock ? .wouldBlock : .ok
        }
    }

    func drop() {
        state.withLock { s in
            // The unplayed frames are thrown away, as a real drop does.
            s.written.removeLast(s.queued)
            s.queued = 0
            s.drops += 1
        }
    }
}
