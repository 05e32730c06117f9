/// How a text layer is drawn: its font file, its size in pixels (nil: 60 % of the layer's
/// height, shared by its lines), its colour and the box behind it, both straight RGBA, and how
/// fast a ticker scrolls.
public struct TextStyle: Sendable, Hashable {
    public struct Color: Sendable, Hashable {
        public var r, g, b, a: UInt8
        public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
            self.r = r
            self.g = g
            self.b = b
            self.a = a
        }

        /// `RRGGBB` or `RRGGBBAA`, in hexadecimal.
        public init?(hex: String) {
            guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit),
                  let v = UInt32(hex, radix: 16) else { return nil }
            let full = hex.count == 6 ? v << 8 | 0xFF : v
            self.init(r: UInt8(full >> 24), g: UInt8(full >> 16 & 0xFF), b: UInt8(full >> 8 & 0xFF), a: UInt8(full & 0xFF))
        }
    }

    /// Debian's fonts-dejavu-core, which the images carry.
    public static let defaultFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public var font: String
    public var size: Int?
    public var color: Color
    public var background: Color
    /// A ticker's pixels per second.
    public var speed: Int
    /// Subtitles: the part of each edge kept clear, in percent of the layer's width and height
    /// (5: inside the title-safe area of a TV that overscans; 0 for a screen that shows it all).
    public var margin: Int = 5

    public init(font: String = TextStyle.defaultFont, size: Int? = nil, color: Color = Color(r: 255, g: 255, b: 255),
                background: Color = Color(r: 0, g: 0, b: 0, a: 128), speed: Int = 120) {
        self.speed = speed
        self.font = font
        self.size = size
        self.color = color
        self.background = background
    }

    /// The size it is drawn at in a layer `height` pixels high, for text of `lines` lines.
    public func pixelSize(height: Int, lines: Int = 1) -> Int { size ?? max(8, height * 6 / 10 / max(1, lines)) }
}

/// What a layer shows: media through its player, an overlay picture, or text.
public enum LayerContent: Sendable, Hashable {
    case media
    case image
    /// Text as given; `\n` (a backslash and an n) starts a new line.
    case text(String)
    /// The lines of a text file, one after the other, scrolling from right to left; the file is
    /// read again at each pass.
    case ticker(String)
    /// The local time, in strftime's format (`%H:%M`), drawn again each second.
    case clock(String)
    /// The title of the item another layer (by name) plays: its #EXTINF title, or its file's name.
    case title(String)
    /// The subtitles chosen for the item another layer (by name) plays, drawn by libass.
    case subtitles(String)
}
