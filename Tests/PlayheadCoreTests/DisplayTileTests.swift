import Testing
import PlayheadCore

/// A video wall's screens: each cuts its window out of the picture laid on the whole wall, and
/// neighbours must meet to the pixel (no column shown twice or lost) whatever the sizes.
@Suite struct DisplayTileTests {
    func tile(_ text: String, bezel: Int = 0) throws -> DisplayTile {
        try DisplayTile.parse(text, bezel: String(bezel)).get()
    }

    @Test func twoScreensSplitAPictureTwiceTheirWidthUnscaled() throws {
        let picture = PixelSize(width: 1280, height: 360), screen = PixelSize(width: 640, height: 360)
        let left = try tile("2x1:0,0").place(picture, on: screen, gravity: .resizeAspect)
        let right = try tile("2x1:1,0").place(picture, on: screen, gravity: .resizeAspect)
        #expect(left == PictureLayout(source: PixelRect(x: 0, y: 0, width: 640, height: 360), destination: PixelRect(size: screen)))
        #expect(right == PictureLayout(source: PixelRect(x: 640, y: 0, width: 640, height: 360), destination: PixelRect(size: screen)))
    }

    @Test func theBezelsHidePictureBetweenTheScreens() throws {
        let screen = PixelSize(width: 640, height: 360)
        // A picture as wide as the canvas (2 x 640 + 2 x 10): the 20 columns behind the frames are in neither.
        let exact = PixelSize(width: 1300, height: 360)
        #expect(try tile("2x1:0,0", bezel: 10).place(exact, on: screen, gravity: .resizeAspect).source == PixelRect(x: 0, y: 0, width: 640, height: 360))
        #expect(try tile("2x1:1,0", bezel: 10).place(exact, on: screen, gravity: .resizeAspect).source == PixelRect(x: 660, y: 0, width: 640, height: 360))
        // Narrower than the canvas, fitted: 10-pixel bars at the wall's outer edges, 20 columns hidden.
        let narrow = PixelSize(width: 1280, height: 360)
        let left = try tile("2x1:0,0", bezel: 10).place(narrow, on: screen, gravity: .resizeAspect)
        let right = try tile("2x1:1,0", bezel: 10).place(narrow, on: screen, gravity: .resizeAspect)
        #expect(left == PictureLayout(source: PixelRect(x: 0, y: 0, width: 630, height: 360), destination: PixelRect(x: 10, y: 0, width: 630, height: 360)))
        #expect(right == PictureLayout(source: PixelRect(x: 650, y: 0, width: 630, height: 360), destination: PixelRect(x: 0, y: 0, width: 630, height: 360)))
        // Filled: no bars; the canvas's 1300 columns are 1280 picture columns, the frames' 20 about 20 of them.
        let fillLeft = try tile("2x1:0,0", bezel: 10).place(narrow, on: screen, gravity: .resizeAspectFill)
        let fillRight = try tile("2x1:1,0", bezel: 10).place(narrow, on: screen, gravity: .resizeAspectFill)
        #expect(fillLeft.destination == PixelRect(size: screen) && fillRight.destination == PixelRect(size: screen))
        #expect(fillLeft.source == PixelRect(x: 0, y: 3, width: 630, height: 354))
        #expect(fillRight.source == PixelRect(x: 650, y: 3, width: 630, height: 354))
    }

    @Test func aVerticalBezelHidesRowsToo() throws {
        let screen = PixelSize(width: 400, height: 300)
        let picture = PixelSize(width: 800, height: 610)
        let top = try tile("2x2:1,0", bezel: 5).place(picture, on: screen, gravity: .resize)
        let bottom = try tile("2x2:1,1", bezel: 5).place(picture, on: screen, gravity: .resize)
        // The canvas is 810x610: a stretch of 800/810 across, 1:1 down.
        #expect(top.source.y == 0 && top.source.height == 300)
        #expect(bottom.source.y == 310 && bottom.source.height == 300)
        #expect(top.source.x == bottom.source.x && top.source.width == bottom.source.width)
        #expect(top.source.x + top.source.width == 800)
    }

    @Test func aScreenThePictureDoesNotReachStaysBlack() throws {
        // A 4:3 picture fitted on a wall of three 4:3 screens: only the middle one shows it.
        let picture = PixelSize(width: 640, height: 480), screen = PixelSize(width: 640, height: 480)
        #expect(try tile("3x1:0,0").place(picture, on: screen, gravity: .resizeAspect).destination.isEmpty)
        #expect(try tile("3x1:2,0").place(picture, on: screen, gravity: .resizeAspect).source.isEmpty)
        let middle = try tile("3x1:1,0").place(picture, on: screen, gravity: .resizeAspect)
        #expect(middle == PictureLayout(source: PixelRect(size: picture), destination: PixelRect(size: screen)))
    }

    /// Every screen's source, gathered across a row and down a column, tiles the wall's source
    /// with no gap and no overlap.
    @Test func neighboursMeetExactlyForOddSizes() throws {
        let pictures = [PixelSize(width: 1919, height: 1079), PixelSize(width: 1281, height: 359), PixelSize(width: 333, height: 777),
                        PixelSize(width: 7, height: 5), PixelSize(width: 3840, height: 2161)]
        let screens = [PixelSize(width: 641, height: 361), PixelSize(width: 1024, height: 768), PixelSize(width: 479, height: 853)]
        for picture in pictures {
            for screen in screens {
                for (columns, rows) in [(2, 1), (3, 1), (1, 2), (3, 3), (4, 2), (5, 3)] {
                    for gravity in VideoGravity.allCases {
                        let wall = PictureLayout.place(picture, on: DisplayTile(columns: columns, rows: rows, column: 0, row: 0)!.canvas(screen: screen),
                                                       gravity: gravity)
                        let layouts = (0..<rows).map { r in
                            (0..<columns).map { c in
                                DisplayTile(columns: columns, rows: rows, column: c, row: r)!.place(picture, on: screen, gravity: gravity)
                            }
                        }
                        for l in layouts.joined() where !l.source.isEmpty {
                            #expect(l.destination.x >= 0 && l.destination.y >= 0)
                            #expect(l.destination.x + l.destination.width <= screen.width && l.destination.y + l.destination.height <= screen.height)
                        }
                        let what = "\(picture) on \(columns)x\(rows) of \(screen) by \(gravity)"
                        // A whole row or column of screens in the bars of a fitted picture shows nothing.
                        var shown = 0
                        for r in 0..<rows {
                            let spans = layouts[r].map(\.source).filter { !$0.isEmpty }.map { ($0.x, $0.x + $0.width) }
                            if spans.isEmpty { continue }
                            shown += 1
                            #expect(Self.abut(spans, from: wall.source.x, to: wall.source.x + wall.source.width), "row \(r) of \(what): \(spans)")
                        }
                        for c in 0..<columns {
                            let spans = layouts.map { $0[c].source }.filter { !$0.isEmpty }.map { ($0.y, $0.y + $0.height) }
                            if spans.isEmpty { continue }
                            shown += 1
                            #expect(Self.abut(spans, from: wall.source.y, to: wall.source.y + wall.source.height), "column \(c) of \(what): \(spans)")
                        }
                        #expect(shown >= 2, "\(what): no screen shows the picture")
                    }
                }
            }
        }
    }

    /// With bezels, the screens' sources still follow each other in order, never overlapping,
    /// with the hidden columns between them.
    @Test func bezelsLeaveGapsButNoOverlap() {
        for picture in [PixelSize(width: 1919, height: 1079), PixelSize(width: 1281, height: 359)] {
            for gravity in VideoGravity.allCases {
                for bezel in [1, 7, 40] {
                    let screen = PixelSize(width: 641, height: 361)
                    let spans = (0..<4).map { DisplayTile(columns: 4, rows: 1, column: $0, row: 0, bezel: bezel)!.place(picture, on: screen, gravity: gravity).source }
                        .filter { !$0.isEmpty }
                    for (a, b) in zip(spans, spans.dropFirst()) {
                        // A frame of a pixel or two may hide less than a picture column.
                        #expect(bezel < 7 ? a.x + a.width <= b.x : a.x + a.width < b.x, "\(picture) by \(gravity), bezel \(bezel): \(a) then \(b)")
                    }
                    #expect(spans.allSatisfy { $0.x >= 0 && $0.x + $0.width <= picture.width })
                }
            }
        }
    }

    /// The spans follow each other with no gap or overlap from `from` to `to`.
    static func abut(_ spans: [(Int, Int)], from: Int, to: Int) -> Bool {
        var at = from
        for (start, end) in spans {
            guard start == at, end > start else { return false }
            at = end
        }
        return at == to
    }

    @Test func aPictureStoredSidewaysIsSplitInItsStoredPixelsToo() throws {
        // A portrait clip's 360x1280 picture, turned 90 degrees to 1280x360 upright: the layout
        // is of the upright picture, and the planes read the stored one.
        let stored = PixelSize(width: 360, height: 1280), turn = PictureRotation.clockwise90
        let screen = PixelSize(width: 640, height: 360)
        let left = try tile("2x1:0,0").place(turn.upright(stored), on: screen, gravity: .resizeAspect)
        let right = try tile("2x1:1,0").place(turn.upright(stored), on: screen, gravity: .resizeAspect)
        let storedLeft = turn.storedRect(for: left.source, stored: stored), storedRight = turn.storedRect(for: right.source, stored: stored)
        // Upright (x, y) is stored (y, 1279 - x): the left half is the stored picture's lower half.
        #expect(storedLeft == PixelRect(x: 0, y: 640, width: 360, height: 640))
        #expect(storedRight == PixelRect(x: 0, y: 0, width: 360, height: 640))
    }

    @Test func screensMountedOnTheirSideMakeATallerWall() throws {
        // Two 640x360 panels turned to portrait (display-rotate 90): each is 360x640 to the
        // viewer, the wall 720x640, and each panel's buffer gets its whole area.
        let panel = PixelSize(width: 640, height: 360), turn = PictureRotation.clockwise90
        let view = turn.upright(panel)
        let picture = PixelSize(width: 720, height: 640)
        for (c, x) in [(0, 0), (1, 360)] {
            let l = DisplayTile(columns: 2, rows: 1, column: c, row: 0)!.place(picture, on: view, gravity: .resizeAspect)
            #expect(l.source == PixelRect(x: x, y: 0, width: 360, height: 640))
            #expect(turn.uprightRect(for: l.destination, stored: view) == PixelRect(size: panel))
        }
    }

    @Test func badValuesAreRefusedNamingTheOption() throws {
        for text in ["2x1", "2x1:2,0", "2x1:0,1", "0x1:0,0", "2x1:-1,0", "ax1:0,0", "2x1:0,0,0", "33x1:0,0", "2x1:0;0", "", "2x1:0,0:1"] {
            guard case .failure(let e) = DisplayTile.parse(text) else { Issue.record("\(text) was taken"); continue }
            #expect(e.message.hasPrefix("display-tile: '\(text)' is not allowed; use COLSxROWS:COL,ROW"))
            #expect(!e.message.contains("\n"))
        }
        for bezel in ["-1", "abc", "2001", "1.5"] {
            guard case .failure(let e) = DisplayTile.parse("2x1:0,0", bezel: bezel) else { Issue.record("bezel \(bezel) was taken"); continue }
            #expect(e.message.hasPrefix("display-bezel: '\(bezel)' is not allowed; use a whole number of pixels from 0 to 2000"))
        }
        #expect(try DisplayTile.parse("3X2:2,1", bezel: "12").get() == DisplayTile(columns: 3, rows: 2, column: 2, row: 1, bezel: 12))
    }
}
