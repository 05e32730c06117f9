import PlayheadCore

extension DisplayController {
    /// Each layer's place, and a line per layer saying where it went: PlaneAssigner's layout,
    /// each of its questions answered by a TEST_ONLY modeset with buffers of the sizes the
    /// layers would use.
    static func assign(_ layers: [LayerSpec], planes: [KMSResources.Plane],
                       on screen: DRMScreen) throws(PlaybackError) -> (places: [LayerPlace], notes: [String]) {
        let whole = PixelRect(size: screen.size)
        let frames = layers.map { $0.frame.rect(on: screen.size) }
        for (spec, frame) in zip(layers, frames) where frame.isEmpty {
            throw PlaybackError(.deviceFailed, "layer \(spec.name): its frame \(spec.frame) is off the \(screen.size) screen; give one inside it")
        }
        let index = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($0.element.name, $0.offset) })
        // An overlay picture keeps its alpha only on a plane that blends it.
        let wishes = layers.map { PlaneAssigner.Wish(name: $0.name, formats: $0.isOverlay ? [.argb8888, .abgr8888] : PlaneFormatChoice.rgbPreference) }
        // A layer on a plane of its own covers its frame; one drawn onto the primary covers the
        // screen (a primary plane need not be placeable), its picture in its frame.
        func place(_ use: PlaneLayout.Use) throws(PlaybackError) -> [(Int, LayerPlace)] {
            let plane = planes.first { $0.id == use.plane }!
            switch use {
            case .direct(let name, _, let format):
                let i = index[name]!
                return [(i, LayerPlace(plane: plane, format: format, area: frames[i]))]
            case .composed(let names, _, let format):
                guard names.count == 1, let i = index[names[0]] else {
                    throw PlaybackError(.deviceFailed, "\(screen.card.path): layers \(names.joined(separator: ", ")) would have to be drawn together "
                                        + "in software on plane \(use.plane), which is not built yet; give fewer layers, or a card with "
                                        + "more overlay planes (vkms: enable_overlay=1)")
                }
                return [(i, LayerPlace(plane: plane, format: format, area: whole, region: frames[i]))]
            }
        }
        let tester = PlaneTester(screen: screen)
        defer { tester.release() }
        var assigner = PlaneAssigner(planes: planes, layers: wishes)
        var action = assigner.start()
        while true {
            switch action {
            case .failed(let why):
                throw PlaybackError(.deviceFailed, "\(screen.card.path): \(why)")
            case .test(let layout):
                // Layers drawn together would be one screen-sized buffer: asked as that, and
                // refused once settled, with the reason.
                let places = layout.uses.map { use -> LayerPlace in
                    let plane = planes.first { $0.id == use.plane }!
                    switch use {
                    case .direct(let name, _, let format): return LayerPlace(plane: plane, format: format, area: frames[index[name]!])
                    case .composed(_, _, let format): return LayerPlace(plane: plane, format: format, area: whole)
                    }
                }
                action = assigner.tested(tester.test(places))
            case .settled(let layout, let notes):
                var places = [LayerPlace?](repeating: nil, count: layers.count)
                for use in layout.uses {
                    for (i, p) in try place(use) { places[i] = p }
                }
                return (places.map { $0! }, notes)
            }
        }
    }
}
