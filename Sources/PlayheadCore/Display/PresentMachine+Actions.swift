extension PresentMachine {
    /// What the presentation thread does next.
    public enum Action: Sendable {
        /// Nothing until `until` (monotonic nanoseconds), or until a frame, a screenshot or a
        /// stop comes; nil: until one comes.
        case wait(until: Int64?)
        /// Wait (a bounded time) for the queued commit's page flip; answer `.flips`.
        case awaitFlip
        /// Whether a display came or went; answer `.screen`.
        case checkHotplug
        /// The mode that fits this frame's content, when it changed; answer `.screen`.
        case follow(VideoFrame)
        /// How `buffer` will show the frame; answer `.prepared`.
        case prepare(VideoFrame, buffer: Int)
        /// Draw the frame as `plane` says; answer `.drawn` or `.drawFailed`.
        case draw(VideoFrame, Plane)
        /// Commit `plane` for buffer `buffer`, with a writeback capture when `capture`; answer
        /// `.committed`.
        case commit(Plane, buffer: Int, capture: Bool)
        /// Commit the picture on screen again, with a writeback capture; answer `.committed`.
        case commitStill(Plane)
        /// Stopped: the thread ends.
        case stop
    }

    /// The device's answer to the last action.
    public enum Event: Sendable {
        case flips([PresentFlip])
        case screen(ScreenChange)
        case prepared(Plane)
        case drawn(nanoseconds: Int64)
        case drawFailed(String)
        case committed(PresentCommit)
    }

    /// What the thread does besides the device: calls and saves outside the machine.
    public enum Effect: Sendable, Equatable {
        /// The frame carrying this tag is on screen.
        case displayed(UInt64)
        /// The capture is complete once its flip came: save it.
        case saveCapture(ticket: Int32, CapturePlan.Target)
        /// A capture that will never be saved (its flip never came): let it go, and say why to
        /// whoever waits for it.
        case discardCapture(ticket: Int32, CapturePlan.Target, why: String)
        /// A capture the card never started (the commit was refused or came with no writeback).
        case captureLost(CapturePlan.Target, why: String)
        case info(String)
        case warning(String)
    }
}
