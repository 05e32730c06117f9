import PlayheadCore

/// What the scan-out choice depends on: a change in any of these asks the driver again.
struct ScanoutKey: Hashable {
    var layout: PictureLayout
    var pixelFormat: String
    var colorimetry: YUVColorimetry
    var rotation: PictureRotation
    var size: PixelSize
}
