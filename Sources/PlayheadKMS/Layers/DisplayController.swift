import PlayheadCore
import PlayheadSys
import Synchronization

/// One screen shown by several players, each in its layer (as AVPlayerLayer): the card, its
/// master, the CRTC and the mode are taken once, here, for all of them. Which layer gets which
/// plane is asked of the driver with TEST_ONLY commits before anything is shown (PlaneAssigner,
/// from the top down); each layer's player then presents through its own sink, and every
/// layer's flips go to the card in one commit per refresh (LayeredCommits).
///
/// Where there are more layers than planes, the lowest ones are drawn together in software onto
/// the primary plane (LayerCompositor) at each commit.
///
/// Not built yet: a mode that follows the content, or a display that comes and goes (the layers
/// keep the mode of the start).
public final class DisplayController: @unchecked Sendable {
    private let screen: DRMScreen
    private let commits: LayeredCommits
    private let drivers: [KMSDriver]
    private let compositor: LayerCompositor?
    private let options: DRMOptions
    /// One line per layer: which plane it went on, and why (for `display`).
    public let notes: [String]
    /// Each layer's frame on the screen, in pixels.
    public let frames: [PixelRect]
    private var sinks: [(layer: Int, sink: DRMVideoSink)] = []
    /// Each sink's present loop, told to look at the screen when it is switched off or on.
    private let nudges = Mutex<[@Sendable () -> Void]>([])
    private var closed = false

    /// `layers`: the visible layers, the lowest first.
    public init(options: DRMOptions, layers: [LayerSpec]) throws(PlaybackError) {
        let screen = try DRMScreen(options: options)
        guard screen.plan.isConnected else {
            screen.restore(planesOff: []) {}
            throw PlaybackError(.deviceFailed, "\(screen.card.path): layers need a connected display when playhead starts; plug one in")
        }
        let crtcBit = UInt32(1) << UInt32(screen.plan.crtc.index)
        let planes: [KMSResources.Plane]
        do throws(PlaybackError) {
            planes = try screen.card.readResources().planes.filter { $0.possibleCRTCs & crtcBit != 0 && $0.kind != .cursor }
                .sorted { ($0.kind == .primary ? 0 : 1, $0.id) < ($1.kind == .primary ? 0 : 1, $1.id) }
        } catch {
            screen.restore(planesOff: []) {}
            throw error
        }
        let places: [LayerPlace]
        let notes: [String]
        let group: ComposedGroup?
        do throws(PlaybackError) {
            (places, notes, group) = try Self.assign(layers, planes: planes, on: screen)
        } catch {
            screen.restore(planesOff: []) {}
            throw error
        }
        // A layer's frame is its own small screen; a wall of layered screens is not built.
        if let field = options.window.field {
            Log.warning("display: display-\(field.name) \(field.value) is not applied to layers (layer.* lines): each layer shows its whole picture; "
                + "remove display-\(field.name) or the layers")
        }
        var drivers: [KMSDriver] = []
        var compositor: LayerCompositor?
        let commits: LayeredCommits
        do throws(PlaybackError) {
            commits = try LayeredCommits(screen: screen)
            for (i, (spec, place)) in zip(layers, places).enumerated() {
                var own = options
                own.gravity = spec.gravity
                own.window = .whole
                drivers.append(try KMSDriver(screen: screen, options: own, place: place, channel: commits.channel(layer: i)))
            }
            var first: [AtomicValue] = []
            for (i, d) in drivers.enumerated() where d.place?.composed != true {
                first += d.planeValues(buffer: 0)
                commits.place(layer: i, first: d.planeValues(buffer: 0), off: d.plane.off)
            }
            if let group {
                let made = try LayerCompositor(screen: screen, plane: group.plane, format: group.format, layers: group.layers.map {
                    LayerCompositor.Layer(index: $0, driver: drivers[$0], blends: layers[$0].isOverlay)
                })
                compositor = made
                commits.compose(with: made)
                first += made.firstValues()
            }
            try screen.modeset(plane: first, attachWriteback: true)
        } catch {
            let off = drivers.filter { $0.place?.composed != true }.flatMap(\.plane.off) + (compositor?.off ?? [])
            screen.restore(planesOff: off) {
                for d in drivers { d.buffers.releaseAll() }
                compositor?.release()
            }
            throw error
        }
        self.screen = screen
        self.commits = commits
        self.drivers = drivers
        self.compositor = compositor
        self.options = options
        self.notes = notes
        frames = layers.map { $0.frame.rect(on: screen.size) }
        for line in notes { Log.info("display: layer \(line)") }
        commits.powerChanged = { [weak self] in
            for nudge in self?.nudges.withLock({ $0 }) ?? [] { nudge() }
        }
        commits.start()
    }

    /// The screen's description, as a sink's `name` gives it.
    public var name: String { screen.name }

    /// Commits made for the layers, and how many carried several layers' flips.
    public var commitCounts: (commits: Int, shared: Int) { commits.counts }

    /// Shows or hides layer `index` (AVPlayerLayer's isHidden) from the next refresh on; it plays
    /// on either way. Nil when done, else why not: the primary plane under every layer cannot be
    /// switched off (some drivers, vkms among them, refuse a screen without it).
    public func setVisible(_ visible: Bool, layer index: Int) -> String? {
        guard drivers.indices.contains(index) else { return "no such layer" }
        if let place = drivers[index].place, !place.composed, place.plane.kind == .primary {
            return "it is on the primary plane, under every other layer, which the screen cannot do without; hide the layers over it instead"
        }
        commits.setVisible(visible, layer: index)
        return nil
    }

    public func isVisible(layer index: Int) -> Bool { commits.isVisible(index) }

    /// The sink that shows layer `index` (in the order given: the lowest first). Only the first
    /// one made captures the screen (screenshots, `--capture-every`): a capture is of the whole
    /// screen, every layer in it. It alone writes `--flip-trace` too: one file, one layer's
    /// flips, not each layer's written over the last at the end.
    public func sink(layer index: Int) -> DRMVideoSink {
        var layerOptions = options
        if !sinks.isEmpty { layerOptions.flipTracePath = nil }
        let sink = DRMVideoSink(layer: drivers[index], screen: screen, options: layerOptions, captures: sinks.isEmpty)
        sinks.append((index, sink))
        nudges.withLock { $0.append { [weak sink] in sink?.checkScreenSoon() } }
        return sink
    }

    /// After every layer's player has stopped: each sink's thread ends, the display thread
    /// ends, and the screen is put back as it was. Once.
    public func close() {
        guard !closed else { return }
        closed = true
        for (_, sink) in sinks { sink.close() }
        commits.stop()
        for (i, sink) in sinks {
            let flips = commits.flips(layer: i)
            Log.info("display: \(sink.name): \(flips.given) flips given, \(flips.shown) shown; \(sink.statistics.summary)")
        }
        let (made, shared) = commits.counts
        Log.info("display: \(made) commits for \(drivers.count) layers, \(shared) of them with several layers' flips")
        if let compositor { Log.info("display: \(compositor.compositions) pictures composed in software") }
        let off = drivers.filter { $0.place?.composed != true }.flatMap(\.plane.off) + (compositor?.off ?? [])
        screen.restore(planesOff: off) {
            for d in drivers { d.buffers.releaseAll() }
            compositor?.release()
        }
    }

    deinit { close() }
}
