/// Decides where the waiting sound goes on the device's timeline: which part of it is already
/// written or past (dropped), where the timeline has no sound (silence written in its place),
/// and when it is written as it is. The engine carries the step out and asks again, at rate 1
/// for the device and at stretched rates for the stretcher's input.
public enum SoundPlacement {
    /// How far back the first sound after a start or seek may pull the writing start.
    public static let firstSoundLeeway = MediaTime(value: 1, timescale: 10)

    /// Where a run of writes starts when the last one ended at `writtenEnd` (nil: none since a
    /// start, seek or flush) and the next sound is at `next`. A starved device (an item without
    /// sound just played) restarts at the present, not where its last sound ended: filling that
    /// past with silence would pull the clock back and open a hole in the picture. The first
    /// sound after a start or seek starts with itself, so that a device that took a moment to
    /// open does not cost its beginning (the clock steps back by as much, at most `leeway`, a
    /// tenth of a second unless the clock may not step back: a group's members keep theirs).
    public static func start(writtenEnd: MediaTime?, timelineNow: MediaTime, deviceStarved: Bool,
                             next: MediaTime, leeway: MediaTime = firstSoundLeeway) -> MediaTime {
        var start = writtenEnd ?? timelineNow
        if deviceStarved { start = MediaTime.maximum(start, timelineNow) }
        if writtenEnd == nil, next < start, start - next <= leeway { start = next }
        return start
    }

    public enum Step: Sendable, Equatable {
        /// Drop the buffer's first `frames` (all of it when they are as many as it holds): they
        /// lie before the start.
        case drop(frames: Int)
        /// Write `frames` of silence from `at`: the timeline has no sound there.
        case silence(frames: Int, at: MediaTime)
        /// Write the buffer at its own time.
        case write
    }

    /// The step for a buffer of `frames` at `next` when writing starts at `start`. Silence comes
    /// at most `maxSilenceFrames` at a time (the device's size), so that a long gap fills as
    /// the device drains.
    public static func step(start: MediaTime, next: MediaTime, frames: Int, sampleRate: Int32,
                            maxSilenceFrames: Int) -> Step {
        // start - next, not -(next - start): negating a difference of Int64.min traps.
        let overlap = Int((start - next).converted(to: sampleRate).value)
        if overlap > 0 { return .drop(frames: min(overlap, frames)) }
        let gap = Int((next - start).converted(to: sampleRate).value)
        if gap > 0 { return .silence(frames: min(gap, maxSilenceFrames), at: start) }
        return .write
    }
}
