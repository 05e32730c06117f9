import Testing
@testable import PlayheadCore

@Suite struct ComposedLayersTests {
    typealias Source = ComposedLayers.Source

    @Test func theFirstPictureIsEveryLayersFirstBufferInTargetZero() {
        let c = ComposedLayers(layers: [0, 2])
        #expect(c.first == ComposedLayers.Composition(target: 0, sources: [Source(layer: 0, buffer: 0), Source(layer: 2, buffer: 0)]))
    }

    @Test func aFlipOfOneLayerIsComposedWithTheOthersLatestBuffersLowestFirst() {
        var c = ComposedLayers(layers: [0, 1, 3])
        let a = c.compose(for: [(layer: 1, buffer: 2)])
        #expect(a?.sources == [Source(layer: 0, buffer: 0), Source(layer: 1, buffer: 2), Source(layer: 3, buffer: 0)])
        let b = c.compose(for: [(layer: 3, buffer: 1), (layer: 0, buffer: 1)])
        #expect(b?.sources == [Source(layer: 0, buffer: 1), Source(layer: 1, buffer: 2), Source(layer: 3, buffer: 1)])
        #expect(c.compositions == 2)
    }

    @Test func aCommitWithoutAComposedLayerDrawsNothing() {
        var c = ComposedLayers(layers: [0, 1])
        #expect(c.compose(for: [(layer: 2, buffer: 1)]) == nil)
        #expect(c.compose(for: []) == nil)
        #expect(c.shown == 0)
        #expect(c.compositions == 0)
    }

    @Test func targetsGoRoundARingOfThreeNeverTheOneOnScreen() {
        var c = ComposedLayers(layers: [0, 1], targets: 2)
        #expect(c.targetCount == 3)
        var targets: [Int] = []
        for i in 0..<6 { targets.append(c.compose(for: [(layer: i % 2, buffer: i % 3)])!.target) }
        #expect(targets == [1, 2, 0, 1, 2, 0])
    }

    @Test func aHiddenLayerIsLeftOutAndItsChangeDrawsThePictureAgain() {
        var c = ComposedLayers(layers: [0, 1, 2])
        _ = c.compose(for: [(layer: 1, buffer: 2)])
        let hidden = c.compose(for: [(layer: 1, buffer: nil)], hidden: [1])
        #expect(hidden?.sources == [Source(layer: 0, buffer: 0), Source(layer: 2, buffer: 0)])
        // Shown again: its latest buffer is back.
        let shown = c.compose(for: [(layer: 1, buffer: nil)])
        #expect(shown?.sources == [Source(layer: 0, buffer: 0), Source(layer: 1, buffer: 2), Source(layer: 2, buffer: 0)])
    }

    @Test func aRecommitOfWhatIsShownKeepsTheLayersBufferAndComposesAgain() {
        var c = ComposedLayers(layers: [0, 1])
        _ = c.compose(for: [(layer: 1, buffer: 2)])
        let again = c.compose(for: [(layer: 1, buffer: nil)])
        #expect(again?.sources == [Source(layer: 0, buffer: 0), Source(layer: 1, buffer: 2)])
        #expect(again?.target == 2)
    }
}
