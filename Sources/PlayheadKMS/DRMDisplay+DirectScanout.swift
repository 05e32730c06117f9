import PlayheadCore

extension DRMDisplay {
    /// Asks the driver, with a TEST_ONLY commit, whether the plane shows a YUV picture as
    /// `trial` says. Makes the picture-sized buffers it would use first (the test needs a real
    /// framebuffer). Returns nil or why the driver refused; a refusal frees those buffers again.
    func testDirect(_ trial: ScanoutChoice.Trial) -> AtomicCommitError? {
        do throws(PlaybackError) { try makeDirectBuffers(trial.format, picture: trial.picture) } catch { return .refused(.noMemory) }
        let values = directPlaneValues(index: 0, source: trial.source, destination: trial.destination, rotation: trial.rotation,
                                       colorimetry: trial.colorimetry)
        let error = card.commit(values, .testOnly)
        if error != nil { retireDirectBuffers() }
        return error
    }

    /// The plane showing direct buffer `index`'s `source` (stored coordinates) on
    /// `destination`, turned by `rotation`, converting with `colorimetry` where the plane can be
    /// told.
    func directPlaneValues(index: Int, source: PixelRect, destination: PixelRect, rotation: PictureRotation,
                           colorimetry: YUVColorimetry) -> [AtomicValue] {
        planeValues(framebuffer: directBuffers[index].framebuffer, source: source, destination: destination, rotation: rotation)
            + plane.colorValues(colorimetry)
    }

    /// One picture-sized YUV buffer per screen buffer, so the ring's bookkeeping covers them.
    private func makeDirectBuffers(_ format: FourCC, picture: PixelSize) throws(PlaybackError) {
        if let layout = directCanvases.first?.yuvLayout, layout.format == format, layout.size == YUVPlaneLayout.evenSize(picture) {
            return
        }
        guard let allocation = YUVPlaneLayout.allocation(format: format, picture: picture) else {
            throw PlaybackError(.internalError, "no buffer layout for \(format)")
        }
        retireDirectBuffers()
        for _ in buffers.indices {
            let b = try card.createDumbBuffer(width: allocation.width, height: allocation.height, bitsPerPixel: 8)
            guard let layout = YUVPlaneLayout(format: format, picture: picture, pitch: b.pitch) else {
                b.release()
                throw PlaybackError(.deviceFailed, "\(card.path): a \(allocation) buffer came with an unusable pitch of \(b.pitch) bytes")
            }
            directBuffers.append(b)
            b.framebuffer = try card.addFramebuffer(b, format: format, size: layout.size,
                                                    planes: layout.planes.map { (offset: $0.offset, pitch: $0.pitch) })
            directCanvases.append(b.canvas(yuv: layout))
        }
    }

    /// One of them may be on screen: they go with the next flip (see `releaseRetiredBuffers`).
    private func retireDirectBuffers() {
        releaseRetiredBuffers()
        retiredBuffers = directBuffers
        directBuffers = []
        directCanvases = []
    }
}
