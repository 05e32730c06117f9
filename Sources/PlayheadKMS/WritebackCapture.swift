import PlayheadCore
import PlayheadSys

/// Captures of the composed screen through the writeback connector that shares our CRTC: the
/// connector's properties and the one buffer captures land in (made at the first capture of
/// each mode, used again for every capture).
final class WritebackCapture: @unchecked Sendable {
    let properties: WritebackProperties
    private let card: DRMCard
    private var buffer: ScanoutBuffer?
    /// Whether a commit attached the connector: the restore lets it go first.
    private(set) var attached = false
    /// A capture buffer that cannot be made is said once per mode.
    private var failedForMode = false

    /// The last capture, once its fence signalled. A driver that composes in software (vkms)
    /// converts a YUV plane pixel by pixel for the capture: under emulation that took more than
    /// the second once allowed here, and the capture was lost. Captures are for checking what
    /// was shown, so waiting longer (and dropping frames meanwhile) is the better trade.
    static let waitMilliseconds: Int32 = 5000

    init(properties: WritebackProperties, card: DRMCard) {
        self.properties = properties
        self.card = card
    }

    /// Commits `plane` like a flip, with the connector capturing the composed screen of `mode`
    /// on `crtc`. Returns nil and the fence that signals when the capture is complete (nil:
    /// shown without a capture), or why the commit did not happen.
    func flip(_ plane: [AtomicValue], crtc: UInt32, mode: DisplayMode, userData: UInt64) -> (AtomicCommitError?, Int32?) {
        let flags: AtomicCommitFlags = [.nonBlocking, .pageFlipEvent]
        guard let target = captureBuffer(mode) else {
            return (card.commit(plane, flags, userData: userData), nil)
        }
        let values = plane + [
            AtomicValue(object: properties.connector, property: properties.crtc, value: UInt64(crtc)),
            AtomicValue(object: properties.connector, property: properties.framebuffer, value: UInt64(target.framebuffer)),
        ]
        // Attaching the writeback connector is a routing change: allowed once, as a modeset.
        let (error, fence) = card.commitWithFence(values, fenceObject: properties.connector, fence: properties.fence,
                                                  attached ? flags : flags.union(.allowModeset), userData: userData)
        attached = attached || error == nil
        return (error, error == nil && fence >= 0 ? fence : nil)
    }

    /// The connector on `crtc` with nothing to capture yet, for a modeset: later captures are
    /// then plain flips. The layers need this on vkms: a capture commit that is a modeset sends
    /// its flip event at once, the next layer's commit follows before the next vblank, and vkms
    /// composes the capture only on the state of a commit that is still the latest at a vblank.
    func attachValues(crtc: UInt32) -> [AtomicValue] {
        [AtomicValue(object: properties.connector, property: properties.crtc, value: UInt64(crtc))]
    }

    /// After a modeset with `attachValues` was taken.
    func markAttached() { attached = true }

    private func captureBuffer(_ mode: DisplayMode) -> ScanoutBuffer? {
        if let buffer { return buffer }
        do throws(PlaybackError) {
            let b = try card.createDumbBuffer(width: mode.width, height: mode.height, bitsPerPixel: 32)
            b.framebuffer = try card.addFramebuffer(b, format: .xrgb8888)
            buffer = ScanoutBuffer(buffer: b, canvas: b.canvas(format: .xrgb8888))
            return buffer
        } catch {
            // Said once per mode: the next try comes only after a mode change.
            if !failedForMode {
                failedForMode = true
                Log.warning("display: no capture buffer for \(mode): \(error.message); this frame is shown without a screenshot")
            }
            return nil
        }
    }

    /// The capture, once `fence` signalled; nil when it did not within the wait.
    func captured(fence: Int32) -> MappedCanvas? {
        guard card.waitFence(fence, timeoutMilliseconds: Self.waitMilliseconds) else { return nil }
        return buffer?.canvas
    }

    func discard(fence: Int32) { card.closeFence(fence) }

    /// At the end, once the connector is let go.
    func release() { buffer?.buffer.release() }
}
