import PlayheadCore

extension DRMDisplay {
    /// The connector as the kernel sees it now (reading it makes the driver probe it again).
    func readConnector() -> (isConnected: Bool, modes: [DisplayMode])? {
        guard let resources = try? card.readResources(),
              let c = resources.connectors.first(where: { $0.id == plan.connector.id }) else { return nil }
        return (c.isConnected, c.modes)
    }

    /// Sets `mode` again (a display came back) or anew (a different display): new buffers
    /// when the size changed, then a full modeset with the first (black) buffer.
    func reconfigure(to mode: DisplayMode) throws(PlaybackError) {
        if mode.size != plan.mode.size {
            let count = buffers.count  // the sink's ring keeps its size
            for b in buffers { b.release() }
            buffers = []
            canvases = []
            let bpp = plan.format.format == .rgb565 ? 16 : 32
            for _ in 0..<count {
                let b = try card.createDumbBuffer(width: mode.width, height: mode.height, bitsPerPixel: bpp)
                b.framebuffer = try card.addFramebuffer(b, format: plan.format.format)
                buffers.append(b)
                canvases.append(b.canvas(format: plan.format.format))
            }
        } else {
            // Same size: what the buffers hold is stale; the first goes up black.
            canvases[0].clear(PixelRect(size: mode.size), bytesPerPixel: bytesPerPixel)
        }
        if mode != plan.mode || modeBlob == 0 {
            guard let raw = card.rawMode(mode, connector: plan.connector.id) else {
                throw PlaybackError(.deviceFailed, "\(card.path): mode \(mode) vanished while setting it")
            }
            let blob = try card.createModeBlob(raw)
            if modeBlob != 0 { card.destroyBlob(modeBlob) }
            modeBlob = blob
            plan.mode = mode
            plan.isConnected = true
        }
        try modeset()
    }
}
