import PlayheadCore
import PlayheadSys

/// The layers drawn together in software (ComposedLayers decides which buffers, into which
/// target): a ring of screen-sized buffers on the lowest plane, and each composed layer's own
/// buffers, read where the layer's present loop drew them. Used by the display thread alone,
/// at each commit; made before that thread starts.
final class LayerCompositor: @unchecked Sendable {
    struct Layer {
        let index: Int
        let driver: KMSDriver
        /// An overlay: its pictures carry alpha and are blended over what is under them.
        let blends: Bool
    }

    private let screen: DRMScreen
    private let plane: PlaneProperties
    private let targets: [ScanoutBuffer]
    private let layers: [Int: Layer]
    private var state: ComposedLayers
    /// Whether a target must be cleared first: the lowest layer does not cover the screen
    /// with opaque pixels.
    private let clears: Bool

    /// `layers`: the lowest first.
    init(screen: DRMScreen, plane id: UInt32, format: FourCC, layers: [Layer]) throws(PlaybackError) {
        let card = screen.card
        plane = try PlaneProperties(plane: id, table: card.planeProperties(id), device: card.path) { card.enumValues(ofProperty: $0) }
        let state = ComposedLayers(layers: layers.map(\.index))
        var made: [ScanoutBuffer] = []
        do throws(PlaybackError) {
            for _ in 0..<state.targetCount {
                let b = try card.createDumbBuffer(width: screen.size.width, height: screen.size.height, bitsPerPixel: 32)
                made.append(ScanoutBuffer(buffer: b, canvas: b.canvas(format: format)))
                b.framebuffer = try card.addFramebuffer(b, format: format)
            }
        } catch {
            for m in made { m.buffer.release() }
            throw error
        }
        self.screen = screen
        self.state = state
        targets = made
        self.layers = Dictionary(uniqueKeysWithValues: layers.map { ($0.index, $0) })
        let lowest = layers.first
        clears = lowest.map { $0.blends || $0.driver.area != PixelRect(size: screen.size) } ?? true
    }

    func isComposed(_ layer: Int) -> Bool { state.isComposed(layer) }

    /// The composed layers' indices, the lowest first.
    var composedLayers: [Int] { state.layers }

    /// Pictures composed so far.
    var compositions: Int { state.compositions }

    /// The first picture (every layer's first, black buffer), for the modeset.
    func firstValues() -> [AtomicValue] { draw(state.first) }

    /// The lowest plane's values for a commit carrying these flips (a layer's buffer index, or
    /// nil for a commit of what it shows), the picture drawn; nil when no composed layer is
    /// among them.
    func values(for flips: [(layer: Int, buffer: Int?)], hidden: Set<Int>) -> [AtomicValue]? {
        state.compose(for: flips, hidden: hidden).map(draw)
    }

    private func draw(_ composition: ComposedLayers.Composition) -> [AtomicValue] {
        let target = targets[composition.target]
        if clears { target.canvas.clear(PixelRect(size: screen.size), bytesPerPixel: 4) }
        for source in composition.sources {
            guard let layer = layers[source.layer] else { continue }
            let buffers = layer.driver.buffers.screen
            guard buffers.indices.contains(source.buffer) else { continue }
            let area = layer.driver.area
            target.canvas.compose(buffers[source.buffer].buffer.canvas, x: area.x, y: area.y, blend: layer.blends)
        }
        return plane.values(framebuffer: target.framebuffer, crtc: screen.plan.crtc.id, source: PixelRect(size: screen.size),
                            destination: PixelRect(size: screen.size))
    }

    /// The lowest plane switched off, for the screen's restore.
    var off: [AtomicValue] { plane.off }

    /// At the end, once none of the targets is on screen.
    func release() {
        for t in targets { t.buffer.release() }
    }
}
