import PlayheadCore
import PlayheadSys

/// The buffers one plane shows, in sets of one per ring buffer so that the ring's bookkeeping
/// covers them all: screen-sized ones (converted pictures, black bars drawn in), picture-sized
/// ones for when the plane scales (see `ScalerChoice`), and picture-sized YUV ones for direct
/// scan-out (see `ScanoutChoice`). A set made for an earlier picture size is retired, not
/// freed: one of its buffers may be on screen until the next flip.
final class LayerBuffers: @unchecked Sendable {
    private let card: DRMCard
    /// The plane's RGB format, for the screen-sized and picture-sized sets.
    let format: FourCC
    private(set) var screen: [ScreenBuffer]
    private(set) var content: [ScanoutBuffer] = []
    private(set) var direct: [ScanoutBuffer] = []
    private var retired: [DumbBuffer] = []

    /// A screen-sized buffer and the layout last drawn into it: its black bars stay right
    /// until the layout changes.
    struct ScreenBuffer {
        let buffer: ScanoutBuffer
        var drawnLayout: PictureLayout?
    }

    init(card: DRMCard, format: FourCC, screen size: PixelSize, count: Int) throws(PlaybackError) {
        self.card = card
        self.format = format
        screen = []
        for _ in 0..<count { screen.append(ScreenBuffer(buffer: try make(size), drawnLayout: nil)) }
    }

    var count: Int { screen.count }
    var bytesPerPixel: Int { format == .rgb565 ? 2 : 4 }

    private func make(_ size: PixelSize) throws(PlaybackError) -> ScanoutBuffer {
        let b = try card.createDumbBuffer(width: size.width, height: size.height, bitsPerPixel: format == .rgb565 ? 16 : 32)
        b.framebuffer = try card.addFramebuffer(b, format: format)
        return ScanoutBuffer(buffer: b, canvas: b.canvas(format: format))
    }

    /// For a new mode: new screen-sized buffers when the size changed, else the first cleared
    /// (what they hold is stale; the first goes up black). Every layout is drawn anew.
    func fit(_ size: PixelSize, was old: PixelSize) throws(PlaybackError) {
        if size != old {
            let count = screen.count  // the ring keeps its size
            for b in screen { b.buffer.buffer.release() }
            screen = []
            for _ in 0..<count { screen.append(ScreenBuffer(buffer: try make(size), drawnLayout: nil)) }
        } else {
            screen[0].buffer.canvas.clear(PixelRect(size: size), bytesPerPixel: bytesPerPixel)
        }
        for i in screen.indices { screen[i].drawnLayout = nil }
    }

    /// The bars must be black: the whole buffer is cleared when the layout drawn changes.
    func prepareScreenBuffer(_ i: Int, for layout: PictureLayout, screen size: PixelSize) {
        guard screen[i].drawnLayout != layout else { return }
        screen[i].buffer.canvas.clear(PixelRect(size: size), bytesPerPixel: bytesPerPixel)
        screen[i].drawnLayout = layout
    }

    /// One picture-sized buffer per screen buffer; kept when the size is the same.
    func makeContent(_ size: PixelSize) throws(PlaybackError) {
        if let first = content.first, first.buffer.width == size.width, first.buffer.height == size.height { return }
        // One of the old set may be on screen: removing its framebuffer would switch the plane
        // off, so it waits for the next flip.
        releaseRetired()
        retired = content.map(\.buffer)
        content = []
        content = try makeSet { () throws(PlaybackError) in try make(size) }
    }

    /// One picture-sized YUV buffer per screen buffer; kept when the format and size are the same.
    func makeDirect(_ format: FourCC, picture: PixelSize) throws(PlaybackError) {
        if let layout = direct.first?.canvas.yuvLayout, layout.format == format, layout.size == YUVPlaneLayout.evenSize(picture) {
            return
        }
        guard let allocation = YUVPlaneLayout.allocation(format: format, picture: picture) else {
            throw PlaybackError(.internalError, "no buffer layout for \(format)")
        }
        retireDirect()
        direct = try makeSet { () throws(PlaybackError) in
            let b = try card.createDumbBuffer(width: allocation.width, height: allocation.height, bitsPerPixel: 8)
            guard let layout = YUVPlaneLayout(format: format, picture: picture, pitch: b.pitch) else {
                b.release()
                throw PlaybackError(.deviceFailed, "\(card.path): a \(allocation) buffer came with an unusable pitch of \(b.pitch) bytes")
            }
            let canvas = b.canvas(yuv: layout)
            do throws(PlaybackError) {
                b.framebuffer = try card.addFramebuffer(b, format: format, size: layout.size,
                                                        planes: layout.planes.map { (offset: $0.offset, pitch: $0.pitch) })
            } catch {
                b.release()
                throw error
            }
            return ScanoutBuffer(buffer: b, canvas: canvas)
        }
    }

    /// One buffer per screen buffer, or none: a set made only in part is freed, so that a
    /// later picture of the same size does not take it for whole.
    private func makeSet(_ make: () throws(PlaybackError) -> ScanoutBuffer) throws(PlaybackError) -> [ScanoutBuffer] {
        var made: [ScanoutBuffer] = []
        do throws(PlaybackError) {
            for _ in screen.indices { made.append(try make()) }
        } catch {
            for m in made { m.buffer.release() }
            throw error
        }
        return made
    }

    /// One of them may be on screen: they go with the next flip (see `releaseRetired`).
    func retireDirect() {
        releaseRetired()
        retired = direct.map(\.buffer)
        direct = []
    }

    /// Called after a flip: whatever was retired before it is off the screen now.
    func releaseRetired() {
        for b in retired { b.release() }
        retired = []
    }

    /// At the end, once none of them is on screen.
    func releaseAll() {
        for b in screen.map(\.buffer.buffer) + content.map(\.buffer) + direct.map(\.buffer) + retired { b.release() }
    }
}
