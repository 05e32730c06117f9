import PlayheadCore
import PlayheadSys

/// How one buffer shows a frame: the canvas the picture is drawn into and how, and the plane
/// state that shows it (committed again, as it is, for a screenshot of a still screen).
struct KMSPlaneShot: @unchecked Sendable {
    enum Drawing: Sendable, Hashable {
        /// Converted (and scaled) upright, or copied as decoded for direct scan-out.
        case upright
        /// As stored: the plane turns it.
        case asStored
        /// Upright into a scratch canvas, then turned in software onto a turned screen.
        case turned
    }

    var canvas: MappedCanvas
    var source: PixelRect
    var target: PixelRect
    var drawing: Drawing
    var values: [AtomicValue]
}
