/// Where a picture goes on the screen: the part of the picture shown (`source`) and where it
/// lands (`destination`). Everything outside `destination` is black.
public struct PictureLayout: Sendable, Hashable {
    public var source: PixelRect
    public var destination: PixelRect

    public init(source: PixelRect, destination: PixelRect) {
        self.source = source
        self.destination = destination
    }

    /// Lays `picture` (already rotated, with square pixels) on `screen` by `gravity`. Integer
    /// maths only, rounded to the nearest pixel and centred, so odd sizes (1918x1078 on
    /// 1024x768) give the same rectangles on every run and bars of equal size, to a pixel.
    public static func place(_ picture: PixelSize, on screen: PixelSize, gravity: VideoGravity) -> PictureLayout {
        let whole = PixelRect(size: picture)
        guard picture.width > 0, picture.height > 0, screen.width > 0, screen.height > 0 else {
            return PictureLayout(source: whole, destination: PixelRect(size: .zero))
        }
        // Compare the aspect ratios by cross-multiplying: no division, no rounding.
        let pictureWider = picture.width * screen.height > screen.width * picture.height
        switch gravity {
        case .resize:
            return PictureLayout(source: whole, destination: PixelRect(size: screen))
        case .resizeAspect:
            if pictureWider {
                let h = rounded(picture.height * screen.width, picture.width)
                return PictureLayout(source: whole, destination: centred(width: screen.width, height: h, in: screen))
            }
            let w = rounded(picture.width * screen.height, picture.height)
            return PictureLayout(source: whole, destination: centred(width: w, height: screen.height, in: screen))
        case .resizeAspectFill:
            if pictureWider {
                let w = rounded(screen.width * picture.height, screen.height)
                return PictureLayout(source: centred(width: w, height: picture.height, in: picture),
                                     destination: PixelRect(size: screen))
            }
            let h = rounded(screen.height * picture.width, screen.width)
            return PictureLayout(source: centred(width: picture.width, height: h, in: picture),
                                 destination: PixelRect(size: screen))
        }
    }

    /// A layout made for the picture's `shown` shape (`VideoPicture.uprightDisplaySize`) with
    /// its source part in the `stored` picture's pixels (`uprightSize`), which `draw` and the
    /// planes take: an anamorphic picture's columns (or rows) are fewer than the shape's.
    public func source(from shown: PixelSize, to stored: PixelSize) -> PictureLayout {
        guard shown != stored, shown.width > 0, shown.height > 0 else { return self }
        func scale(_ v: Int, _ to: Int, _ from: Int) -> Int { (v * to + from / 2) / from }
        let s = source
        let x0 = scale(s.x, stored.width, shown.width), x1 = scale(s.x + s.width, stored.width, shown.width)
        let y0 = scale(s.y, stored.height, shown.height), y1 = scale(s.y + s.height, stored.height, shown.height)
        return PictureLayout(source: PixelRect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0)),
                             destination: destination)
    }

    private static func rounded(_ numerator: Int, _ denominator: Int) -> Int {
        max(1, (numerator + denominator / 2) / denominator)
    }

    private static func centred(width: Int, height: Int, in area: PixelSize) -> PixelRect {
        let w = min(width, area.width), h = min(height, area.height)
        return PixelRect(x: (area.width - w) / 2, y: (area.height - h) / 2, width: w, height: h)
    }
}
