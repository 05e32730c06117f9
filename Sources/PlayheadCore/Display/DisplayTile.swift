/// One screen of a video wall (`display-tile = COLSxROWS:COL,ROW`, `display-bezel = PIXELS`):
/// the picture is laid out on a virtual canvas `columns` screens wide and `rows` high, with
/// `2 * bezel` hidden pixels between neighbouring screens (the frames the eye looks across),
/// and this screen shows its window of that canvas. Every screen of the wall is taken to have
/// the same mode, so each player works the canvas out from its own screen alone.
public struct DisplayTile: Sendable, Hashable, CustomStringConvertible {
    public let columns: Int
    public let rows: Int
    public let column: Int
    public let row: Int
    /// Each screen's frame, in its own pixels: neighbours are `2 * bezel` apart on the canvas.
    public let bezel: Int

    /// Walls beyond 32 screens a side, or frames wider than 2000 pixels, are typing mistakes.
    public static let sides = 1...32
    public static let bezels = 0...2000

    /// nil when the numbers do not make a screen of a wall.
    public init?(columns: Int, rows: Int, column: Int, row: Int, bezel: Int = 0) {
        guard Self.sides.contains(columns), Self.sides.contains(rows), (0..<columns).contains(column), (0..<rows).contains(row),
              Self.bezels.contains(bezel) else { return nil }
        self.columns = columns
        self.rows = rows
        self.column = column
        self.row = row
        self.bezel = bezel
    }

    /// `2x1:0,0` and the bezel's text (nil: 0), each refused in a line naming its option.
    public static func parse(_ text: String, bezel bezelText: String? = nil) -> Result<DisplayTile, OptionError> {
        var bezel = 0
        if let bezelText {
            guard let b = Int(bezelText), bezels.contains(b) else {
                return .failure(OptionError(option: "display-bezel", value: bezelText,
                                            allowed: "a whole number of pixels from \(bezels.lowerBound) to \(bezels.upperBound), each screen's frame"))
            }
            bezel = b
        }
        let refused = OptionError(option: "display-tile", value: text,
                                  allowed: "COLSxROWS:COL,ROW with COLS and ROWS from 1 to \(sides.upperBound), COL below COLS and ROW below ROWS, "
                                      + "counted from 0 at the top left (2x1:0,0 and 2x1:1,0 are the two screens of a wall of two)")
        let halves = text.split(separator: ":", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return .failure(refused) }
        let size = halves[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let place = halves[1].split(separator: ",", omittingEmptySubsequences: false)
        guard size.count == 2, place.count == 2, let columns = Int(size[0]), let rows = Int(size[1]), let column = Int(place[0]),
              let row = Int(place[1]), let tile = DisplayTile(columns: columns, rows: rows, column: column, row: row, bezel: bezel) else {
            return .failure(refused)
        }
        return .success(tile)
    }

    /// The wall's canvas for screens of `screen`'s size: the screens and the frames between them.
    public func canvas(screen: PixelSize) -> PixelSize {
        PixelSize(width: columns * screen.width + (columns - 1) * 2 * bezel, height: rows * screen.height + (rows - 1) * 2 * bezel)
    }

    /// This screen's window on the canvas.
    public func window(screen: PixelSize) -> PixelRect {
        PixelRect(x: column * (screen.width + 2 * bezel), y: row * (screen.height + 2 * bezel), width: screen.width, height: screen.height)
    }

    /// The part of `picture` (upright) this screen shows, and where on it: the picture is laid on
    /// the whole canvas by `gravity`, and the window's share of it is cut out. A window edge on
    /// the canvas maps to one picture column or row whichever screen asks, so neighbours meet
    /// exactly; the bezels' pixels are in neither. A screen that the picture does not reach
    /// (a bar of a fitted picture) gets an empty layout: it stays black.
    public func place(_ picture: PixelSize, on screen: PixelSize, gravity: VideoGravity) -> PictureLayout {
        let nothing = PictureLayout(source: PixelRect(x: 0, y: 0, width: 0, height: 0), destination: PixelRect(x: 0, y: 0, width: 0, height: 0))
        guard screen.width > 0, screen.height > 0 else { return nothing }
        let wall = PictureLayout.place(picture, on: canvas(screen: screen), gravity: gravity)
        let window = window(screen: screen)
        let shown = wall.destination.intersection(window)
        guard !shown.isEmpty else { return nothing }
        let d = wall.destination, s = wall.source
        let left = s.x + Self.scaled(shown.x - d.x, s.width, d.width)
        let right = s.x + Self.scaled(shown.x + shown.width - d.x, s.width, d.width)
        let top = s.y + Self.scaled(shown.y - d.y, s.height, d.height)
        let bottom = s.y + Self.scaled(shown.y + shown.height - d.y, s.height, d.height)
        // A sliver thinner than a picture pixel rounds to nothing: that screen is black there.
        guard right > left, bottom > top else { return nothing }
        return PictureLayout(source: PixelRect(x: left, y: top, width: right - left, height: bottom - top),
                             destination: shown.offset(dx: -window.x, dy: -window.y))
    }

    /// `offset` canvas pixels into a `to`-long span, in pixels of a `from`-long one, to the
    /// nearest: the same for every screen that asks, 0 at 0 and `from` at `to`.
    private static func scaled(_ offset: Int, _ from: Int, _ to: Int) -> Int {
        (offset * from + to / 2) / to
    }

    public var description: String {
        "\(columns)x\(rows):\(column),\(row)" + (bezel == 0 ? "" : " bezel \(bezel)")
    }
}
