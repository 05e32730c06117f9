import PlayheadCore

/// A plane's properties, looked up once when the plane is chosen: every commit builds its
/// values from these, with no lookup by name per frame.
struct PlaneProperties: Sendable {
    let plane: UInt32
    let framebuffer: DRMProperty
    let crtc: DRMProperty
    let sourceX: DRMProperty
    let sourceY: DRMProperty
    let sourceWidth: DRMProperty
    let sourceHeight: DRMProperty
    let crtcX: DRMProperty
    let crtcY: DRMProperty
    let crtcWidth: DRMProperty
    let crtcHeight: DRMProperty
    /// Where the plane has a `rotation` property.
    let rotation: Rotation?
    /// Where the plane has both COLOR_ENCODING and COLOR_RANGE.
    let color: Color?

    struct Rotation: Sendable {
        var property: DRMProperty
        /// A bitmask property: each turn's enum value is the bit to set.
        var values: [PictureRotation: UInt64]
    }

    struct Color: Sendable {
        var encoding: DRMProperty
        var range: DRMProperty
        var encodingValues: [String: UInt64]
        var rangeValues: [String: UInt64]
    }

    /// From the plane's properties by name; `enumValues` reads an enum property's names and
    /// values. Throws, naming it, when one every commit needs is missing.
    init(plane: UInt32, table: [String: (id: UInt32, value: UInt64)], device: String,
         enumValues: (UInt32) -> [String: UInt64]) throws(PlaybackError) {
        func required(_ name: String) throws(PlaybackError) -> DRMProperty {
            guard let id = table[name]?.id else { throw PlaybackError(.deviceFailed, "\(device): plane \(plane) has no \(name) property") }
            return DRMProperty(id: id, name: name)
        }
        self.plane = plane
        framebuffer = try required("FB_ID")
        crtc = try required("CRTC_ID")
        sourceX = try required("SRC_X")
        sourceY = try required("SRC_Y")
        sourceWidth = try required("SRC_W")
        sourceHeight = try required("SRC_H")
        crtcX = try required("CRTC_X")
        crtcY = try required("CRTC_Y")
        crtcWidth = try required("CRTC_W")
        crtcHeight = try required("CRTC_H")
        if let encoding = table["COLOR_ENCODING"]?.id, let range = table["COLOR_RANGE"]?.id {
            color = Color(encoding: DRMProperty(id: encoding, name: "COLOR_ENCODING"), range: DRMProperty(id: range, name: "COLOR_RANGE"),
                          encodingValues: enumValues(encoding), rangeValues: enumValues(range))
        } else {
            color = nil
        }
        rotation = table["rotation"].map { p in
            let bits = enumValues(p.id).compactMap { name, bit in PictureRotation(drmName: name).map { ($0, UInt64(1) << bit) } }
            return Rotation(property: DRMProperty(id: p.id, name: "rotation"), values: Dictionary(bits, uniquingKeysWith: { a, _ in a }))
        }
    }

    /// The turns the plane can do; empty without a `rotation` property.
    var turns: Set<PictureRotation> { Set(rotation?.values.keys.map { $0 } ?? []) }

    /// The plane on `crtc` showing `framebuffer`'s `source` rectangle on `destination`, turned
    /// by `rotation`. Where the plane has a rotation property every commit sets it: a turn set
    /// for one picture must not stay for the next.
    func values(framebuffer fb: UInt32, crtc crtcID: UInt32, source: PixelRect, destination: PixelRect,
                rotation turn: PictureRotation = .none) -> [AtomicValue] {
        var values = [
            AtomicValue(object: plane, property: framebuffer, value: UInt64(fb)),
            AtomicValue(object: plane, property: crtc, value: UInt64(crtcID)),
            // Source rectangles are 16.16 fixed point.
            AtomicValue(object: plane, property: sourceX, value: UInt64(source.x) << 16),
            AtomicValue(object: plane, property: sourceY, value: UInt64(source.y) << 16),
            AtomicValue(object: plane, property: sourceWidth, value: UInt64(source.width) << 16),
            AtomicValue(object: plane, property: sourceHeight, value: UInt64(source.height) << 16),
            AtomicValue(object: plane, property: crtcX, value: UInt64(destination.x)),
            AtomicValue(object: plane, property: crtcY, value: UInt64(destination.y)),
            AtomicValue(object: plane, property: crtcWidth, value: UInt64(destination.width)),
            AtomicValue(object: plane, property: crtcHeight, value: UInt64(destination.height)),
        ]
        if let r = rotation, let bit = r.values[turn] {
            values.append(AtomicValue(object: plane, property: r.property, value: bit))
        }
        return values
    }

    /// How the plane converts YUV to RGB, where it can be told (else nothing: BT.601 limited).
    func colorValues(_ colorimetry: YUVColorimetry) -> [AtomicValue] {
        guard let c = color, let encoding = c.encodingValues[colorimetry.encoding.drmName],
              let range = c.rangeValues[colorimetry.range.drmName] else { return [] }
        return [AtomicValue(object: plane, property: c.encoding, value: encoding),
                AtomicValue(object: plane, property: c.range, value: range)]
    }

    /// The plane showing nothing.
    var off: [AtomicValue] {
        [AtomicValue(object: plane, property: framebuffer, value: 0), AtomicValue(object: plane, property: crtc, value: 0)]
    }
}
