@_spi(Testing) import Playhead
import PlayheadCore
import PlayheadTestSupport
import Testing

/// Players sharing a decode budget: the fake items are 16x16 at 25 fps, 6400 pixels a second.
@Suite struct DecodeBudgetEngineTests {
    private func share(_ text: String) -> DecodeBudgetShare {
        guard case .success(let c) = DecodeCapacity.parse(text) else { fatalError("\(text)") }
        return DecodeBudgetShare(capacity: c)
    }

    @Test func anItemBeyondWhatIsLeftPlaysItsKeyFramesOnlyToItsEnd() async {
        let budget = share("fake=9600")
        let gateA = FakeGate(), gateB = FakeGate()
        let a = PlayerHarness(urls: ["fake-50"], backend: FakeBackend(gate: gateA), decodeBudget: budget.member(name: "a"))
        let b = PlayerHarness(urls: ["fake-50"], backend: FakeBackend(gate: gateB), decodeBudget: budget.member(name: "b"))
        a.player.play()
        #expect(await a.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        b.player.play()
        #expect(await b.waitFor { $0.contains { $0.name == "didPlayToEndTime" } })
        // a took two thirds; b's whole item does not fit in the third left, its key frames do.
        #expect(gateA.decodeSkips.isEmpty)
        #expect(gateB.decodeSkips.first == .nonKey)
        #expect(!gateB.decodeSkips.contains { $0 < .nonKey }, "b's source was let decode more: \(gateB.decodeSkips)")
        a.player.shutdown()
        b.player.shutdown()
        #expect(budget.used == 0)
    }

    @Test func anItemShowingItsKeyFramesOnlyEndsWhereItsLastPacketEnds() async {
        // 45 frames with keyframes at 0, 12, 24 and 36: the last picture decoded ends at 1.48 s,
        // the item at 1.8 s. Ended at the picture, the next item would come 0.32 s early.
        let budget = share("fake=9600")
        let a = PlayerHarness(urls: ["fake-50"], backend: FakeBackend(gate: FakeGate()), decodeBudget: budget.member(name: "a"))
        let b = PlayerHarness(urls: ["fake-45-noaudio"], backend: FakeBackend(gate: FakeGate()), decodeBudget: budget.member(name: "b"))
        a.player.play()
        #expect(await a.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        b.player.play()
        #expect(await b.waitFor { $0.contains { $0.name == "didPlayToEndTime" } })
        let shown = b.video.frames.map { $0.pts.converted(to: 25).value }
        #expect(!shown.isEmpty && shown.allSatisfy { $0 % 12 == 0 }, "not keyframes only: \(shown)")
        let end = b.events.first { $0.name == "didPlayToEndTime" }?.time
        #expect(end == MediaTime(value: 45, timescale: 25), "ended at \(end?.secondsText ?? "-") s")
        a.player.shutdown()
        b.player.shutdown()
    }

    @Test func theCurrentItemKeepsItsShareWhileItsRefusedNextOneIsOpenedAhead() async {
        // 6400 pixels a second of 12800: half. The next item (1080p) does not fit at all.
        let budget = share("fake=12800")
        let backend = FakeBackend()
        let h = PlayerHarness(urls: ["fake-50", "fake-50-hd"], backend: backend, decodeBudget: budget.member(name: "a"))
        h.player.play()
        var openedAheadWhilePlaying = false
        var leastUsedWhilePlaying = 1.0
        #expect(await h.waitFor { events in
            let playing = events.contains { $0.name == "readyForDisplay" } && !events.contains { $0.name == "didPlayToEndTime" }
            if playing {
                openedAheadWhilePlaying = openedAheadWhilePlaying || backend.probes.count == 2
                leastUsedWhilePlaying = min(leastUsedWhilePlaying, budget.used)
            }
            return events.contains { $0.name == "failedToPlayToEndTime" }
        })
        #expect(openedAheadWhilePlaying, "the next item was not opened while the first played")
        #expect(leastUsedWhilePlaying == 0.5, "the first item's share was given up while it played")
        #expect(budget.used == 0)
        h.player.shutdown()
    }

    @Test func anItemWhoseKeyFramesDoNotFitIsRefusedWithOneLine() async {
        let budget = share("fake=200")
        let h = PlayerHarness(urls: ["fake-50"], decodeBudget: budget.member(name: "a"))
        h.player.play()
        #expect(await h.waitFor { $0.contains { $0.name == "failedToPlayToEndTime" } })
        let failure = h.events.compactMap { event -> String? in
            if case .failedToPlayToEndTime(let error) = event.kind { return error.message }
            return nil
        }.first
        #expect(failure == "fake-50: fake 16x16 at 25 fps needs 3200% of what the board decodes (decode-capacity fake=200), 100% is left; "
                + "it is not played (give a smaller item, fewer layers, or a board that decodes more)")
        h.player.shutdown()
    }
}
