import Testing
@testable import PlayheadCore

/// Plane assignment against fake drivers: a table of planes and a rule for which TEST_ONLY
/// commits they take.
@Suite struct PlaneAssignerTests {
    static let rgb: [FourCC] = [.xrgb8888, .argb8888]
    static let yuv: [FourCC] = [.yuv420, .nv12, .xrgb8888, .argb8888]
    let video = [FourCC.yuv420, .nv12, .xrgb8888]
    let overlay = [FourCC.argb8888]

    func planes(primary: [FourCC] = rgb, overlays: [[FourCC]]) -> [KMSResources.Plane] {
        [KMSResources.Plane(id: 31, kind: .primary, formats: primary, possibleCRTCs: 1)]
            + overlays.enumerated().map { KMSResources.Plane(id: UInt32(40 + $0.offset), kind: .overlay, formats: $0.element, possibleCRTCs: 1) }
            + [KMSResources.Plane(id: 99, kind: .cursor, formats: [.argb8888], possibleCRTCs: 1)]
    }

    /// Steps the assigner to its end; `takes` is the fake driver's answer to each test.
    func run(_ planes: [KMSResources.Plane], _ wishes: [PlaneAssigner.Wish],
             takes: (PlaneLayout) -> Bool = { _ in true }) -> (result: PlaneAssigner.Action, tests: [PlaneLayout]) {
        var a = PlaneAssigner(planes: planes, layers: wishes)
        var action = a.start()
        var tests: [PlaneLayout] = []
        while case .test(let layout) = action {
            tests.append(layout)
            precondition(tests.count < 50, "the assigner does not end")
            action = a.tested(takes(layout) ? .accepted : .refused(code: 22, description: "Invalid argument"))
        }
        return (action, tests)
    }

    func settled(_ r: (result: PlaneAssigner.Action, tests: [PlaneLayout])) -> (PlaneLayout, [String]) {
        guard case .settled(let layout, let notes) = r.result else {
            Issue.record("not settled: \(r.result)")
            return (PlaneLayout(uses: []), [])
        }
        return (layout, notes)
    }

    @Test func enoughPlanesGiveEachLayerItsOwn() {
        let wishes = [PlaneAssigner.Wish(name: "bg", formats: video), .init(name: "left", formats: video),
                      .init(name: "right", formats: video), .init(name: "clock", formats: overlay)]
        let r = run(planes(overlays: [Self.yuv, Self.yuv, Self.rgb]), wishes)
        let (layout, notes) = settled(r)
        #expect(layout.uses == [.direct(layer: "bg", plane: 31, format: .xrgb8888), .direct(layer: "left", plane: 40, format: .yuv420),
                                .direct(layer: "right", plane: 41, format: .yuv420), .direct(layer: "clock", plane: 42, format: .argb8888)])
        #expect(notes.first == "clock: plane 42 (overlay) of its own")
        // Every layout committed was tested first; the last test is the layout itself.
        #expect(r.tests.last == layout)
    }

    @Test func tooFewPlanesComposeTheLowerLayersOnThePrimary() {
        let wishes = [PlaneAssigner.Wish(name: "bg", formats: video), .init(name: "left", formats: video), .init(name: "right", formats: video)]
        let (layout, notes) = settled(run(planes(overlays: [Self.yuv]), wishes))
        #expect(layout.uses == [.composed(layers: ["bg", "left"], plane: 31, format: .xrgb8888),
                                .direct(layer: "right", plane: 40, format: .yuv420)])
        #expect(notes == ["right: plane 40 (overlay) of its own",
                          "left: composed on plane 31 (primary): no plane left for it",
                          "bg: composed on plane 31 (primary): under left, which is composed"])
    }

    @Test func aPlaneThatRefusesIsPassedForTheNextOne() {
        // Plane 41 cannot scale: it refuses whatever layer is put on it.
        let wishes = [PlaneAssigner.Wish(name: "bg", formats: video), .init(name: "left", formats: video), .init(name: "right", formats: video)]
        let r = run(planes(overlays: [Self.yuv, Self.yuv]), wishes) { layout in
            !layout.uses.contains { if case .direct(_, 41, _) = $0 { true } else { false } }
        }
        let (layout, notes) = settled(r)
        #expect(layout.uses == [.composed(layers: ["bg", "left"], plane: 31, format: .xrgb8888),
                                .direct(layer: "right", plane: 40, format: .yuv420)])
        #expect(notes[1] == "left: composed on plane 31 (primary): no plane left for it")
        #expect(r.tests.count == 3)
    }

    @Test func aRefusedLayerIsComposedWithEverythingUnderIt() {
        // The top layer's plane refuses it (its format at that scale), so it and all under it
        // are composed, though plane 40 would have taken the layer under it.
        let wishes = [PlaneAssigner.Wish(name: "bg", formats: video), .init(name: "logo", formats: overlay)]
        let r = run(planes(overlays: [Self.rgb]), wishes) { layout in
            !layout.uses.contains { if case .direct("logo", _, _) = $0 { true } else { false } }
        }
        let (layout, notes) = settled(r)
        #expect(layout.uses == [.composed(layers: ["bg", "logo"], plane: 31, format: .xrgb8888)])
        #expect(notes == ["logo: composed on plane 31 (primary): plane 40 refused it (Invalid argument, errno 22)",
                          "bg: composed on plane 31 (primary): under logo, which is composed"])
    }

    @Test func aFormatNoPlaneOffersIsComposedWithoutATest() {
        let wishes = [PlaneAssigner.Wish(name: "bg", formats: video), .init(name: "hdr", formats: [.p010])]
        let r = run(planes(overlays: [Self.yuv]), wishes)
        let (layout, notes) = settled(r)
        #expect(layout.uses == [.composed(layers: ["bg", "hdr"], plane: 31, format: .xrgb8888)])
        #expect(notes[0] == "hdr: composed on plane 31 (primary): no plane offers P010")
        #expect(r.tests.count == 1)
    }

    @Test func theOnlyLayerTriesThePrimaryThenIsScaledInSoftware() {
        let wishes = [PlaneAssigner.Wish(name: "main", formats: video)]
        let r = run(planes(overlays: []), wishes) { layout in
            !layout.uses.contains { if case .direct = $0 { true } else { false } }
        }
        let (layout, _) = settled(r)
        #expect(r.tests.first == PlaneLayout(uses: [.direct(layer: "main", plane: 31, format: .xrgb8888)]))
        #expect(layout.uses == [.composed(layers: ["main"], plane: 31, format: .xrgb8888)])
    }

    @Test func aDriverThatTakesNothingFailsWithOneLine() {
        let r = run(planes(overlays: [Self.yuv]), [.init(name: "a", formats: video), .init(name: "b", formats: video)]) { _ in false }
        guard case .failed(let why) = r.result else { return #expect(Bool(false)) }
        #expect(why == "plane 31 refused the composed picture (Invalid argument, errno 22); the screen cannot show the layers")
    }

    @Test func noLayersIsNothingToCommitAndACursorIsNeverUsed() {
        guard case .settled(let empty, _) = run(planes(overlays: []), []).result else { return #expect(Bool(false)) }
        #expect(empty.uses.isEmpty)
        let (layout, _) = settled(run(planes(overlays: []), [.init(name: "a", formats: video), .init(name: "logo", formats: overlay)]))
        #expect(!layout.uses.contains { $0.plane == 99 })
    }
}
