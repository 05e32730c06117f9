import PlayheadCore

extension DisplayController {
    /// Each layer's place, and a line per layer saying where it went: PlaneAssigner's layout,
    /// each of its questions answered by a TEST_ONLY modeset with buffers of the sizes the
    /// layers would use.
    /// `composed`: the layers drawn together in software (the lowest first), onto which plane,
    /// in which format; nil when every layer has a plane of its own, or one alone is drawn onto
    /// the primary.
    static func assign(_ layers: [LayerSpec], planes: [KMSResources.Plane], on screen: DRMScreen) throws(PlaybackError)
        -> (places: [LayerPlace], notes: [String], composed: ComposedGroup?) {
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
                // One layer alone is drawn straight into the plane's screen-sized buffers.
                if names.count == 1, let i = index[names[0]] {
                    return [(i, LayerPlace(plane: plane, format: format, area: whole, region: frames[i]))]
                }
                return names.map { name in
                    let i = index[name]!
                    let own = ComposedGroup.layerFormat(target: format, overlay: layers[i].isOverlay)
                    return (i, LayerPlace(plane: plane, format: own, area: frames[i], composed: true))
                }
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
                var group: ComposedGroup?
                for use in layout.uses {
                    let placed = try place(use)
                    for (i, p) in placed { places[i] = p }
                    if case .composed(_, let id, let format) = use, placed.count > 1 {
                        group = ComposedGroup(plane: id, format: format, layers: placed.map(\.0).sorted())
                    }
                }
                return (places.map { $0! }, notes, group)
            }
        }
    }
}
