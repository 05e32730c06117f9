import PlayheadCore

/// Where one layer's pictures go: its plane and format, the part of the screen its buffers
/// cover (`area`, in screen pixels), and the part of that where pictures are drawn (`region`,
/// in the area's own pixels). An overlay's area is the layer's frame; a layer on a primary
/// plane that cannot be placed (vkms) covers the whole screen, the rest of it black.
struct LayerPlace: Sendable, Hashable {
    let plane: KMSResources.Plane
    let format: FourCC
    let area: PixelRect
    let region: PixelRect

    /// Pictures fill the whole area.
    init(plane: KMSResources.Plane, format: FourCC, area: PixelRect) {
        self.init(plane: plane, format: format, area: area, region: PixelRect(size: area.size))
    }

    init(plane: KMSResources.Plane, format: FourCC, area: PixelRect, region: PixelRect) {
        self.plane = plane
        self.format = format
        self.area = area
        self.region = region
    }
}
