import PlayheadCore

extension DRMDisplay {
    /// Asks the driver, with a TEST_ONLY commit, whether the plane shows a `source`-sized
    /// picture on `destination`, turned by `rotation` (scaling it where the sizes differ).
    /// Makes the picture-sized buffers it would use first (the test needs a real framebuffer
    /// of that size). Returns nil or why the driver refused.
    func testPlaneScaling(source: PixelSize, destination: PixelRect, rotation: PictureRotation = .none) -> AtomicCommitError? {
        do throws(PlaybackError) { try makeContentBuffers(source) } catch { return .refused(.noMemory) }
        let values = planeValues(framebuffer: contentBuffers[0].framebuffer, source: PixelRect(size: source), destination: destination,
                                 rotation: rotation)
        return card.commit(values, .testOnly)
    }

    /// Called after a flip: whatever was retired before it is off the screen now.
    func releaseRetiredBuffers() {
        for b in retiredBuffers { b.release() }
        retiredBuffers = []
    }

    /// One picture-sized buffer per screen buffer, so the ring's bookkeeping covers both.
    private func makeContentBuffers(_ size: PixelSize) throws(PlaybackError) {
        if let first = contentBuffers.first, first.width == size.width, first.height == size.height { return }
        // One of the old set may be on screen: removing its framebuffer would switch the plane
        // off, so it waits for the next flip.
        releaseRetiredBuffers()
        retiredBuffers = contentBuffers
        contentBuffers = []
        contentCanvases = []
        let bpp = plan.format.format == .rgb565 ? 16 : 32
        for _ in buffers.indices {
            let b = try card.createDumbBuffer(width: size.width, height: size.height, bitsPerPixel: bpp)
            b.framebuffer = try card.addFramebuffer(b, format: plan.format.format)
            contentBuffers.append(b)
            contentCanvases.append(b.canvas(format: plan.format.format))
        }
    }
}
