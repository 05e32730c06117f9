/// The layers no plane could take, drawn together in software into one screen-sized picture on
/// the lowest plane (see PlaneAssigner). Each such layer's present loop draws its pictures into
/// buffers of its own, as if it had a plane, and flips them; the display thread, when it commits,
/// draws every composed layer's latest buffer, the lowest first, into the next of a ring of
/// screen buffers, and shows that one instead.
///
/// A value stepped by the display thread (or a test): which buffers to draw, into which target.
/// A layer's buffer stays its own until a later flip of that layer is on screen, so the latest one
/// can be read again at any commit.
public struct ComposedLayers: Sendable {
    /// One commit's picture: draw `sources` (layer index, its buffer), the lowest layer first,
    /// into target `target`.
    public struct Composition: Sendable, Hashable {
        public let target: Int
        public let sources: [Source]
    }

    public struct Source: Sendable, Hashable {
        public let layer: Int
        public let buffer: Int
    }

    /// The composed layers' indices, the lowest first.
    public let layers: [Int]
    public let targetCount: Int
    /// Each composed layer's latest buffer: the first (black) until it flips.
    public private(set) var latest: [Int: Int]
    /// The target on screen, or about to be.
    public private(set) var shown: Int
    /// Pictures composed, for the log at the end.
    public private(set) var compositions = 0

    /// `targets`: at least 3, so the one written is neither on screen nor still being read by a
    /// driver that composes after the vblank (vkms).
    public init(layers: [Int], targets: Int = 3) {
        self.layers = layers
        targetCount = max(3, targets)
        latest = Dictionary(uniqueKeysWithValues: layers.map { ($0, 0) })
        shown = 0
    }

    public func isComposed(_ layer: Int) -> Bool { latest[layer] != nil }

    /// The first picture, for the modeset: every layer's first buffer, into target 0.
    public var first: Composition {
        Composition(target: 0, sources: layers.map { Source(layer: $0, buffer: 0) })
    }

    /// The picture for a commit carrying these flips (layer, its buffer), or nil when none of
    /// them is a composed layer's. `buffer` nil: the layer commits what it shows already (a
    /// screenshot of a still screen), which changes nothing but is composed again so that the
    /// commit carries the picture.
    /// `hidden`: composed layers left out of the picture (AVPlayerLayer's isHidden); a layer whose
    /// visibility changed is passed as a flip with no buffer, so that the picture is drawn again.
    public mutating func compose(for flips: [(layer: Int, buffer: Int?)], hidden: Set<Int> = []) -> Composition? {
        var touched = false
        for flip in flips where isComposed(flip.layer) {
            touched = true
            if let b = flip.buffer { latest[flip.layer] = b }
        }
        guard touched else { return nil }
        shown = (shown + 1) % targetCount
        compositions += 1
        return Composition(target: shown, sources: layers.filter { !hidden.contains($0) }.map { Source(layer: $0, buffer: latest[$0]!) })
    }
}
