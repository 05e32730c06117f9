import PlayheadALSA
import PlayheadCore
import PlayheadSys
import PlayheadTestSupport
import Synchronization

/// A playback device on a manual clock: it plays `step(frames:)` frames when the test says,
/// keeps every frame written, and underruns, suspends or vanishes when told to.
///
/// The sink drives it from its own audio thread, so a test waits for that thread's calls:
/// `waitUntil` checks its condition again after each call (the thread calls the device at
/// least every 20 ms while it plays or idles, not while paused or after the device is lost).
/// `waitForRoom` blocks as a real device's poll does, until room, a failure or its timeout,
/// so the audio thread does not spin against a full buffer.
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
        /// Frames played each time the delay is asked (a device that plays while it is watched).
        var playsWhenAsked = 0
        /// The device plays nothing until `start` (its frames are under the start threshold);
        /// each look at its delay then moves the test's clock on by 10 ms.
        var waitsForStart: VirtualClock?
        var starts = 0
    }
    let name: String
    let sampleFormat = PCMSampleFormat.float32
    let sampleRate = 48_000
    let channels = 1
    let bufferFrames = 480
    let periodFrames = 120
    let canPause: Bool
    let state = Mutex(State())
    /// Each call the sink made, after its effect on `state`.
    let calls = Occurrences()
    /// Wakes a `waitForRoom` when the test plays frames or queues a failure.
    private let room = ConditionLock()

    init(name: String = "fake", canPause: Bool = true) {
        self.name = name
        self.canPause = canPause
    }

    /// Whether `condition` came true, checked after each of the audio thread's calls.
    func waitUntil(_ condition: () -> Bool) async -> Bool {
        await calls.wait(until: condition)
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
        room.withLock { room.broadcast() }
    }

    func fail(next outcome: PCMOutcome) {
        state.withLock { $0.next = outcome }
        room.withLock { room.broadcast() }
    }

    private func pending() -> PCMOutcome? {
        state.withLock { s in
            defer { if s.next != .gone { s.next = nil } }
            return s.next
        }
    }

    func waitForRoom(milliseconds: Int32) -> PCMOutcome {
        defer { calls.signal() }
        let deadline = MonotonicClock().now().nanoseconds + Int64(milliseconds) * 1_000_000
        return room.withLock {
            while true {
                if let o = pending() { return o }
                if state.withLock({ $0.queued < bufferFrames }) { return .ok }
                if !room.wait(untilMonotonic: deadline) { return .timedOut }
            }
        }
    }

    func available() -> PCMResult {
        defer { calls.signal() }
        return .frames(state.withLock { bufferFrames - $0.queued })
    }

    func delay() -> PCMResult {
        defer { calls.signal() }
        let (plays, waiting) = state.withLock { s in (s.playsWhenAsked, s.waitsForStart.map { ($0, s.starts == 0) }) }
        if let (clock, notStarted) = waiting {
            clock.advance(byNanoseconds: 10_000_000)
            if notStarted { return .frames(state.withLock { $0.queued }) }
        }
        if plays > 0 { step(frames: plays) }
        return .frames(state.withLock { $0.queued })
    }

    func write(_ bytes: UnsafeRawBufferPointer, frames: Int) -> PCMResult {
        defer { calls.signal() }
        if let o = pending() { return .outcome(o) }
        return state.withLock { s in
            let n = min(frames, bufferFrames - s.queued)
            s.written.append(contentsOf: bytes.bindMemory(to: Float.self).prefix(n))
            s.queued += n
            return .frames(n)
        }
    }

    func pause(_ on: Bool) -> PCMOutcome {
        defer { calls.signal() }
        state.withLock { $0.paused = on }
        return .ok
    }

    func prepare() -> PCMOutcome {
        defer { calls.signal() }
        state.withLock { $0.prepares += 1 }
        return .ok
    }

    func resume() -> PCMOutcome {
        defer { calls.signal() }
        return state.withLock { s in
            s.resumeTries += 1
            return s.resumeWouldBlock ? .wouldBlock : .ok
        }
    }

    func start() -> PCMOutcome {
        defer { calls.signal() }
        state.withLock { $0.starts += 1 }
        return .ok
    }

    func drop() {
        defer { calls.signal() }
        state.withLock { s in
            // The unplayed frames are thrown away, as a real drop does.
            s.written.removeLast(s.queued)
            s.queued = 0
            s.drops += 1
        }
        room.withLock { room.broadcast() }
    }
}
