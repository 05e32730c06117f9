/// Only a region of each picture is shown (`display-crop = WxH+X+Y`, in the upright picture's
/// pixels), laid on the screen by the gravity as a whole picture would be.
public struct PictureCrop: Sendable, Hashable, CustomStringConvertible {
    public let region: PixelRect

    /// Sizes and offsets beyond any picture FFmpeg decodes are typing mistakes.
    public static let limit = 16384

    public init?(_ region: PixelRect) {
        guard (1...Self.limit).contains(region.width), (1...Self.limit).contains(region.height), (0...Self.limit).contains(region.x),
              (0...Self.limit).contains(region.y) else { return nil }
        self.region = region
    }

    /// `640x360+320+0`, refused in a line naming the option.
    public static func parse(_ text: String) -> Result<PictureCrop, OptionError> {
        let refused = OptionError(option: "display-crop", value: text,
                                  allowed: "WIDTHxHEIGHT+X+Y in the picture's pixels, X and Y from its top left (640x360+320+0)")
        let parts = text.lowercased().split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(refused) }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), let x = Int(parts[1]), let y = Int(parts[2]),
              let crop = PictureCrop(PixelRect(x: x, y: y, width: w, height: h)) else {
            return .failure(refused)
        }
        return .success(crop)
    }

    /// The part of a `picture`-sized picture that is shown: the region, or its part inside the
    /// picture; nil when it lies wholly outside.
    public func shown(in picture: PixelSize) -> PixelRect? {
        let inside = region.intersection(PixelRect(size: picture))
        return inside.isEmpty ? nil : inside
    }

    /// The region laid on `screen` by `gravity`; the whole picture when the region lies outside
    /// it (`problem` says so).
    public func place(_ picture: PixelSize, on screen: PixelSize, gravity: VideoGravity) -> PictureLayout {
        guard let part = shown(in: picture) else { return PictureLayout.place(picture, on: screen, gravity: gravity) }
        let inPart = PictureLayout.place(part.size, on: screen, gravity: gravity)
        return PictureLayout(source: inPart.source.offset(dx: part.x, dy: part.y), destination: inPart.destination)
    }

    /// What is wrong with the region for a `picture`-sized picture, in a line; nil when it fits.
    public func problem(with picture: PixelSize) -> String? {
        guard let part = shown(in: picture) else {
            return "display-crop \(self) lies outside the \(picture) picture; the whole picture is shown (fix display-crop)"
        }
        if part == region { return nil }
        return "display-crop \(self) reaches beyond the \(picture) picture; its part inside, \(part), is shown"
    }

    public var description: String { region.description }
}
