import PlayheadCore

/// Where one layer's pictures go: its plane and format, the part of the screen its buffers
/// cover (`area`, in screen pixels), and the part of that where pictures are drawn (`region`,
/// in the area's own pixels). An overlay's area is the layer's frame; a layer on a primary
/// plane that cannot be placed (vkms) covers the whole screen, the rest of it black. A composed
/// layer's buffers are never the plane's: they are drawn with the others into one picture on
/// `plane` (LayerCompositor), so its pictures are always converted and scaled in software.
struct LayerPlace: Sendable, Hashable {
    let plane: KMSResources.Plane
    let format: FourCC
    let area: PixelRect
    let region: PixelRect
    let composed: Bool

    /// Pictures fill the whole area.
    init(plane: KMSResources.Plane, format: FourCC, area: PixelRect, composed: Bool = false) {
        self.init(plane: plane, format: format, area: area, region: PixelRect(size: area.size), composed: composed)
    }

    init(plane: KMSResources.Plane, format: FourCC, area: PixelRect, region: PixelRect, composed: Bool = false) {
        self.plane = plane
        self.format = format
        self.area = area
        self.region = region
        self.composed = composed
    }
}
