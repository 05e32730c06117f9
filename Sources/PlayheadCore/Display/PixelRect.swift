/// A rectangle in whole pixels.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part inside `other` (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
    /// The same rectangle moved by `dx`, `dy` (into its parent's pixels).
    public func offset(dx: Int, dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
