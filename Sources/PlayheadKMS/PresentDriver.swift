import PlayheadCore
import PlayheadSys

/// The device part of the present loop: what PresentLoop asks of a display (KMSDriver), or of
/// a fake in tests. Called on the presentation thread only.
protocol PresentDriver: AnyObject {
    /// The device's description of what one buffer shows, from `prepare` to `commit`.
    associatedtype Plane: Sendable

    /// A display came or went: hides, or sets the mode again.
    func checkHotplug() -> ScreenChange
    /// Sets the mode that fits the frame's content, where that is asked for and it changed.
    func follow(_ frame: VideoFrame) -> ScreenChange
    /// How buffer `buffer` will show `frame` (asking the device where it must).
    func prepare(_ frame: VideoFrame, buffer: Int) -> Plane
    func draw(_ frame: VideoFrame, as plane: Plane) throws(PlaybackError)
    /// Queues the flip to `plane` at the next vblank, with a writeback capture when `capture`;
    /// `buffer` nil: the picture on screen committed again.
    func commit(_ plane: Plane, buffer: Int?, capture: Bool) -> PresentCommit
    /// The flips that complete within the wait; empty when none did.
    func waitForFlips(timeoutMilliseconds: Int32) -> [PresentFlip]
    /// The capture `ticket` once complete; nil when it did not complete within
    /// `captureWaitMilliseconds`.
    func captured(_ ticket: Int32) -> MappedCanvas?
    func discardCapture(_ ticket: Int32)
    var captureWaitMilliseconds: Int32 { get }
}
