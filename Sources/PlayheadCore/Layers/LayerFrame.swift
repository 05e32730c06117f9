/// Where a layer sits on the screen: the whole screen, or a rectangle in the screen's pixels as
/// the viewer sees it (after `--display-rotate`). Written `full` or `X,Y,WxH` (`960,0,960x540`).
public enum LayerFrame: Sendable, Hashable, CustomStringConvertible {
    case full
    case rect(PixelRect)

    public init?(parsing text: String) {
        if text.lowercased() == "full" {
            self = .full
            return
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
        let size = parts[2].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]) else { return nil }
        // A frame wider than any screen's 8K is a typo, not a layout.
        let limit = 16384
        guard (0...limit).contains(x), (0...limit).contains(y), (1...limit).contains(w), (1...limit).contains(h) else { return nil }
        self = .rect(PixelRect(x: x, y: y, width: w, height: h))
    }

    /// On a screen of `size`: the part of the frame that is on it (empty when none is).
    public func rect(on size: PixelSize) -> PixelRect {
        switch self {
        case .full: return PixelRect(size: size)
        case .rect(let r): return r.intersection(PixelRect(size: size))
        }
    }

    public var description: String {
        switch self {
        case .full: return "full"
        case .rect(let r): return "\(r.x),\(r.y),\(r.width)x\(r.height)"
        }
    }
}
