import PlayheadCore

/// Answers PlaneAssigner's questions: a TEST_ONLY modeset of the screen with each plane showing
/// a buffer of its place's size and format. The buffers are made once per size and format and
/// freed at the end.
final class PlaneTester {
    private let screen: DRMScreen
    private var buffers: [String: DumbBuffer] = [:]
    private var properties: [UInt32: PlaneProperties] = [:]

    init(screen: DRMScreen) { self.screen = screen }

    func test(_ places: [LayerPlace]) -> PlaneTestResult {
        var values: [AtomicValue] = []
        for place in places {
            do throws(PlaybackError) {
                let plane = try planeProperties(place.plane.id)
                let buffer = try self.buffer(place.area.size, place.format)
                values += plane.values(framebuffer: buffer.framebuffer, crtc: screen.plan.crtc.id, source: PixelRect(size: place.area.size),
                                       destination: place.area)
            } catch {
                return .refused(code: 12, description: error.message)
            }
        }
        return PlaneTestResult(screen.testModeset(planes: values)?.errno)
    }

    private func planeProperties(_ id: UInt32) throws(PlaybackError) -> PlaneProperties {
        if let p = properties[id] { return p }
        let card = screen.card
        let p = try PlaneProperties(plane: id, table: card.planeProperties(id), device: card.path) { card.enumValues(ofProperty: $0) }
        properties[id] = p
        return p
    }

    private func buffer(_ size: PixelSize, _ format: FourCC) throws(PlaybackError) -> DumbBuffer {
        let key = "\(size) \(format)"
        if let b = buffers[key] { return b }
        let b = try screen.card.createDumbBuffer(width: size.width, height: size.height, bitsPerPixel: format == .rgb565 ? 16 : 32)
        do throws(PlaybackError) { b.framebuffer = try screen.card.addFramebuffer(b, format: format) } catch {
            b.release()
            throw error
        }
        buffers[key] = b
        return b
    }

    func release() {
        for b in buffers.values { b.release() }
        buffers = [:]
    }
}
