import PlayheadCore

/// The layers drawn together in software onto one plane (see LayerCompositor).
struct ComposedGroup: Sendable, Hashable {
    let plane: UInt32
    /// The plane's format: the composed picture's.
    let format: FourCC
    /// The layers' indices, the lowest first.
    let layers: [Int]

    /// A composed layer's own buffers: in the plane's byte order, with alpha for an overlay
    /// (blended over what is under it), without for a video (copied).
    static func layerFormat(target: FourCC, overlay: Bool) -> FourCC {
        let redFirst = target == .xbgr8888 || target == .abgr8888
        switch (redFirst, overlay) {
        case (false, false): return .xrgb8888
        case (false, true): return .argb8888
        case (true, false): return .xbgr8888
        case (true, true): return .abgr8888
        }
    }
}
