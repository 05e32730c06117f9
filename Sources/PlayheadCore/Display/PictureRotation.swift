/// How far a picture must be turned, clockwise, to be seen upright (a phone's portrait video
/// is stored sideways with a display matrix that says so). Quarter turns only: that is what
/// cameras write and what scan-out and a cheap copy can do.
public enum PictureRotation: Int, Sendable, Hashable, CaseIterable {
    case none = 0, clockwise90 = 90, upsideDown = 180, clockwise270 = 270

    /// The nearest quarter turn to `degrees` clockwise (any sign, any number of turns).
    public init(clockwiseDegrees degrees: Double) {
        guard degrees.isFinite else { self = .none; return }
        let quarters = Int((degrees / 90).rounded()) % 4
        self = PictureRotation(rawValue: ((quarters + 4) % 4) * 90) ?? .none
    }

    public var swapsSides: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The name of the plane `rotation` value that turns the stored picture upright. DRM
    /// counts its turns counter-clockwise, so a picture to be turned 90 degrees clockwise
    /// needs "rotate-270".
    public var drmName: String { "rotate-\((360 - rawValue) % 360)" }

    /// The turn a plane's "rotate-N" value makes, clockwise; nil for other names (the
    /// reflections).
    public init?(drmName: String) {
        guard drmName.hasPrefix("rotate-"), let degrees = Int(drmName.dropFirst("rotate-".count)),
              let turn = PictureRotation(rawValue: (360 - degrees) % 360) else { return nil }
        self = turn
    }

    /// This turn followed by `next` (a portrait clip on a screen mounted on its side).
    public func then(_ next: PictureRotation) -> PictureRotation {
        PictureRotation(rawValue: (rawValue + next.rawValue) % 360) ?? .none
    }

    /// The turn that undoes this one.
    public var inverse: PictureRotation { PictureRotation(rawValue: (360 - rawValue) % 360) ?? .none }

    /// The size of the upright picture.
    public func upright(_ stored: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: stored.height, height: stored.width) : stored
    }

    /// The part of the stored picture that becomes `rect` of the upright one.
    public func storedRect(for rect: PixelRect, stored: PixelSize) -> PixelRect {
        switch self {
        case .none:
            return rect
        case .upsideDown:
            return PixelRect(x: stored.width - rect.x - rect.width, y: stored.height - rect.y - rect.height,
                             width: rect.width, height: rect.height)
        case .clockwise90:
            // Upright (x, y) shows stored (y, H - 1 - x).
            return PixelRect(x: rect.y, y: stored.height - rect.x - rect.width, width: rect.height, height: rect.width)
        case .clockwise270:
            // Upright (x, y) shows stored (W - 1 - y, x).
            return PixelRect(x: stored.width - rect.y - rect.height, y: rect.x, width: rect.height, height: rect.width)
        }
    }

    /// Where `rect` of the stored picture lands in the upright one (the inverse of
    /// `storedRect`).
    public func uprightRect(for rect: PixelRect, stored: PixelSize) -> PixelRect {
        inverse.storedRect(for: rect, stored: upright(stored))
    }

    /// Where stored pixel (x, y) of a `stored`-sized picture lands in the upright one.
    public func uprightPoint(x: Int, y: Int, stored: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .upsideDown: return (stored.width - 1 - x, stored.height - 1 - y)
        case .clockwise90: return (stored.height - 1 - y, x)
        case .clockwise270: return (y, stored.width - 1 - x)
        }
    }
}
