import Testing
import PlayheadCore

/// display-crop's region laid out by the gravity, and how the window options are chosen: a bad
/// or clashing value leaves the whole picture, with one line saying why.
@Suite struct PictureWindowTests {
    @Test func aCropIsLaidOutLikeAWholePicture() throws {
        let crop = try PictureCrop.parse("640x360+320+0").get()
        let screen = PixelSize(width: 640, height: 360)
        #expect(crop.place(PixelSize(width: 1280, height: 360), on: screen, gravity: .resizeAspect)
            == PictureLayout(source: PixelRect(x: 320, y: 0, width: 640, height: 360), destination: PixelRect(size: screen)))
        // A square region fitted on a 4:3 screen: pillarboxed, from its own place in the picture.
        let square = try PictureCrop.parse("101x101+11+21").get()
        let l = square.place(PixelSize(width: 1280, height: 720), on: PixelSize(width: 640, height: 480), gravity: .resizeAspect)
        #expect(l == PictureLayout(source: PixelRect(x: 11, y: 21, width: 101, height: 101), destination: PixelRect(x: 80, y: 0, width: 480, height: 480)))
        // Filled: the region's own middle.
        let fill = square.place(PixelSize(width: 1280, height: 720), on: PixelSize(width: 640, height: 480), gravity: .resizeAspectFill)
        #expect(fill.source == PixelRect(x: 11, y: 21 + 12, width: 101, height: 76))
    }

    @Test func aCropBeyondThePictureIsCutOrIgnoredWithALine() throws {
        let picture = PixelSize(width: 320, height: 240), screen = PixelSize(width: 640, height: 480)
        let beyond = try PictureCrop.parse("200x200+200+100").get()
        #expect(beyond.place(picture, on: screen, gravity: .resize).source == PixelRect(x: 200, y: 100, width: 120, height: 140))
        #expect(beyond.problem(with: picture) == "display-crop 200x200+200+100 reaches beyond the 320x240 picture; its part inside, 120x140+200+100, is shown")
        let outside = try PictureCrop.parse("10x10+320+0").get()
        #expect(outside.place(picture, on: screen, gravity: .resizeAspect) == PictureLayout.place(picture, on: screen, gravity: .resizeAspect))
        #expect(outside.problem(with: picture) == "display-crop 10x10+320+0 lies outside the 320x240 picture; the whole picture is shown (fix display-crop)")
        #expect(try PictureCrop.parse("320x240+0+0").get().problem(with: picture) == nil)
    }

    @Test func badCropsAreRefusedNamingTheOption() {
        for text in ["640x360", "640x360+1", "0x360+0+0", "640x360+-1+0", "640x360+0+0+0", "x360+0+0", "99999x1+0+0", "640*360+0+0"] {
            guard case .failure(let e) = PictureCrop.parse(text) else { Issue.record("\(text) was taken"); continue }
            #expect(e.message == "display-crop: '\(text)' is not allowed; use WIDTHxHEIGHT+X+Y in the picture's pixels, X and Y from its top left (640x360+320+0)")
        }
    }

    @Test func theOptionsChooseOneWindowOrSayWhyNot() {
        for bezel in ["0", nil] {
            let none = PictureWindow.choose(tile: nil, bezel: bezel, crop: nil)
            #expect(none.window == .whole && none.problem == nil)
        }
        let tile = PictureWindow.choose(tile: "2x1:1,0", bezel: "8", crop: nil)
        #expect(tile.window == .tile(DisplayTile(columns: 2, rows: 1, column: 1, row: 0, bezel: 8)!) && tile.problem == nil)
        #expect(tile.window.field?.name == "tile" && tile.window.field?.value == "2x1:1,0 bezel 8")
        let crop = PictureWindow.choose(tile: nil, bezel: "0", crop: "640x360+320+0")
        #expect(crop.window == .crop(PictureCrop(PixelRect(x: 320, y: 0, width: 640, height: 360))!) && crop.problem == nil)
        #expect(crop.window.field?.name == "crop" && crop.window.field?.value == "640x360+320+0")

        let both = PictureWindow.choose(tile: "2x1:0,0", bezel: "0", crop: "640x360+0+0")
        #expect(both.window == .whole)
        #expect(both.problem == "display-tile and display-crop cannot both be set (a tile is already a region of the picture); "
            + "the whole picture is shown: remove one of them")
        let bad = PictureWindow.choose(tile: "2x1:2,0", bezel: "0", crop: nil)
        #expect(bad.window == .whole)
        #expect(bad.problem?.hasPrefix("display-tile: '2x1:2,0' is not allowed; use COLSxROWS:COL,ROW") == true)
        #expect(bad.problem?.hasSuffix("; the whole picture is shown") == true)
        let badBezel = PictureWindow.choose(tile: "2x1:0,0", bezel: "-4", crop: nil)
        #expect(badBezel.window == .whole && badBezel.problem?.hasPrefix("display-bezel: '-4' is not allowed") == true)
        let badCrop = PictureWindow.choose(tile: nil, bezel: nil, crop: "big")
        #expect(badCrop.window == .whole && badCrop.problem?.hasPrefix("display-crop: 'big' is not allowed") == true)
        let lonelyBezel = PictureWindow.choose(tile: nil, bezel: "10", crop: nil)
        #expect(lonelyBezel.window == .whole && lonelyBezel.problem == "display-bezel 10 is for display-tile, and no display-tile is set; it is ignored")
        for (_, problem) in [both, bad, badBezel, badCrop, lonelyBezel] { #expect(problem?.contains("\n") == false) }
    }

    @Test func theWholePictureIsLaidOutAsBefore() {
        let picture = PixelSize(width: 1918, height: 1078), screen = PixelSize(width: 1024, height: 768)
        for gravity in VideoGravity.allCases {
            #expect(PictureWindow.whole.place(picture, on: screen, gravity: gravity) == PictureLayout.place(picture, on: screen, gravity: gravity))
        }
        #expect(PictureWindow.whole.field == nil && PictureWindow.whole.problem(with: picture) == nil)
    }
}
