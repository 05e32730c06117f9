/// Which part of each picture a screen shows: all of it, its screen's window of a video wall
/// (`display-tile`), or one region (`display-crop`). Options that cannot be followed leave the
/// whole picture on screen, with a line saying why: a wall with one screen wrong still plays.
public enum PictureWindow: Sendable, Hashable, CustomStringConvertible {
    case whole
    case tile(DisplayTile)
    case crop(PictureCrop)

    /// From the options' texts (nil: not set); `problem` is the one line to say when they are
    /// refused or partly ignored.
    public static func choose(tile: String?, bezel: String?, crop: String?) -> (window: PictureWindow, problem: String?) {
        switch (tile, crop) {
        case (nil, nil):
            guard let bezel, bezel != "0" else { return (.whole, nil) }
            return (.whole, "display-bezel \(bezel) is for display-tile, and no display-tile is set; it is ignored")
        case (_?, _?):
            return (.whole, "display-tile and display-crop cannot both be set (a tile is already a region of the picture); "
                        + "the whole picture is shown: remove one of them")
        case (let tile?, nil):
            switch DisplayTile.parse(tile, bezel: bezel) {
            case .success(let t): return (.tile(t), nil)
            case .failure(let e): return (.whole, "\(e.message); the whole picture is shown")
            }
        case (nil, let crop?):
            switch PictureCrop.parse(crop) {
            case .success(let c):
                guard let bezel, bezel != "0" else { return (.crop(c), nil) }
                return (.crop(c), "display-bezel \(bezel) is for display-tile; with display-crop it is ignored")
            case .failure(let e): return (.whole, "\(e.message); the whole picture is shown")
            }
        }
    }

    /// Where the `picture` (upright) goes on `screen` (as the viewer sees it).
    public func place(_ picture: PixelSize, on screen: PixelSize, gravity: VideoGravity) -> PictureLayout {
        switch self {
        case .whole: return PictureLayout.place(picture, on: screen, gravity: gravity)
        case .tile(let t): return t.place(picture, on: screen, gravity: gravity)
        case .crop(let c): return c.place(picture, on: screen, gravity: gravity)
        }
    }

    /// A line to say for this picture size (a crop outside the picture); nil: nothing to say.
    public func problem(with picture: PixelSize) -> String? {
        if case .crop(let c) = self { return c.problem(with: picture) }
        return nil
    }

    /// For `status` and `display`: the option in force and its value; nil for the whole picture.
    public var field: (name: String, value: String)? {
        switch self {
        case .whole: return nil
        case .tile(let t): return ("tile", t.description)
        case .crop(let c): return ("crop", c.description)
        }
    }

    public var description: String { field.map { "\($0.name) \($0.value)" } ?? "whole picture" }
}
