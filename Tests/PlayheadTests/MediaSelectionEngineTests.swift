import Playhead
import PlayheadTestSupport
import Testing

/// Media selection through the player, on fake sources whose sound tracks each play their own
/// level (`FakeSource.level(ofAudioTrack:)`): what the sink is written says which track plays.
@Suite struct MediaSelectionEngineTests {
    static let english = FakeSource.level(ofAudioTrack: 1), french = FakeSource.level(ofAudioTrack: 2)

    struct Run {
        let h: PlayerHarness
        let sink: RecordingAudioSink
        var item: PlayerItem { h.player.items().first! }
    }

    static func start(_ url: String = "fake-200-audio_eng_fre", criteria: MediaSelectionCriteria = .none,
                      restart: RestartPolicy.Settings = .never) -> Run {
        let clock = VirtualClock()
        let sink = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: [url], clock: clock, audio: sink, restart: restart, selectionCriteria: criteria)
        return Run(h: h, sink: sink)
    }

    static func levels(_ sink: RecordingAudioSink) -> [Float] {
        sink.runs.map(\.value).filter { $0 != 0 }
    }

    @Test func thePreferredLanguagePlaysFromTheStart() async {
        let r = Self.start(criteria: MediaSelectionCriteria(audioLanguages: ["fr"]))
        r.h.player.play()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        r.h.letTimePass(nanoseconds: 1_000_000_000)
        #expect(Self.levels(r.sink) == [Self.french])
        #expect(r.item.currentMediaSelection.audible?.trackID == 2)
        #expect(r.item.mediaSelectionGroup(for: .audible)?.options.map(\.languageCode) == ["en", "fr"])
    }

    @Test func withoutCriteriaTheFirstTrackPlays() async {
        let r = Self.start()
        r.h.player.play()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        r.h.letTimePass(nanoseconds: 1_000_000_000)
        #expect(Self.levels(r.sink) == [Self.english])
    }

    @Test func aChoiceWhilePlayingChangesTheSoundAndNotThePicture() async throws {
        let r = Self.start()
        r.h.player.play()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        r.h.letTimePass(nanoseconds: 2_000_000_000)
        let group = try #require(r.item.mediaSelectionGroup(for: .audible))
        try r.item.select(group.option(trackID: 2), in: group)
        #expect(await r.h.waitFor { $0.contains { $0.name == "mediaSelectionChanged" } })
        r.h.letTimePass(nanoseconds: 2_000_000_000)
        #expect(Self.levels(r.sink) == [Self.english, Self.french], "English, then French, nothing else")
        // The picture went on at its pace: every frame once, 40 ms apart, none sought again.
        let frames = r.h.video.frames
        #expect(frames.count >= 95)
        #expect(Set(zip(frames, frames.dropFirst()).map { $0.1.pts - $0.0.pts }) == [MediaTime(value: 1, timescale: 25)])
        #expect(!r.h.eventNames.contains("timeJumped") && !r.h.eventNames.contains("seekCompleted"))
        #expect(!r.h.events.contains { if case .selectionRefused = $0.kind { return true }; return false })
        // No silence between the two: the new sound took up where the old one was written to.
        #expect(!r.sink.runs.dropFirst().contains { $0.value == 0 })
    }

    @Test func theItemsTracksSayWhichSoundPlaysAfterASwitch() async throws {
        let r = Self.start()
        r.h.player.play()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let sound = { r.item.tracks.filter { $0.mediaType == .audio }.map { [$0.info.trackID: $0.isEnabled] } }
        #expect(sound() == [[1: true], [2: false]])
        let group = try #require(r.item.mediaSelectionGroup(for: .audible))
        try r.item.select(group.option(trackID: 2), in: group)
        #expect(sound() == [[1: false], [2: true]])
        // Enabling a track selects it; disabling the one playing turns the sound off.
        r.item.tracks.first { $0.info.trackID == 1 }?.isEnabled = true
        #expect(r.item.currentMediaSelection.audible?.trackID == 1 && sound() == [[1: true], [2: false]])
        r.item.tracks.first { $0.info.trackID == 1 }?.isEnabled = false
        #expect(sound() == [[1: false], [2: false]])
    }

    @Test func aChoiceBeforeOpeningHoldsAtOpen() async throws {
        let clock = VirtualClock()
        let sink = RecordingAudioSink(clock: clock, route: nil)
        let h = PlayerHarness(urls: [], clock: clock, audio: sink, selectionCriteria: MediaSelectionCriteria(audioLanguages: ["en"]))
        let r = Run(h: h, sink: sink)
        let item = PlayerItem(asset: Asset(url: "fake-200-audio_eng_fre", backend: FakeBackend()))
        let info = try await item.asset.load()
        let group = try #require(MediaSelectionGroup.groups(of: info).first { $0.characteristic == .audible })
        try item.select(group.option(trackID: 2), in: group)
        h.player.insertAll([item])
        r.h.player.play()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        r.h.letTimePass(nanoseconds: 1_000_000_000)
        #expect(Self.levels(r.sink) == [Self.french], "the choice over the criteria")
    }

    @Test func aRestartedItemKeepsTheChoice() async throws {
        // Fails at frame 100 (4 s) and is opened again where it was.
        let r = Self.start("fake-200-audio_eng_fre-fail100", restart: RestartPolicy.Settings(attempts: 3, maxDelayMs: 1000))
        r.h.player.play()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        r.h.letTimePass(nanoseconds: 1_000_000_000)
        let group = try #require(r.item.mediaSelectionGroup(for: .audible))
        try r.item.select(group.option(trackID: 2), in: group)
        #expect(await r.h.waitFor { $0.contains { $0.name == "itemRestarting" } })
        // Runs are run-length: the French that goes on after the restart extends the last one.
        let before = r.sink.runs.count, heard = r.sink.framesRecorded
        r.h.letTimePass(nanoseconds: 3_000_000_000)
        // It fails again at once (from frame 100 on, always): what it plays before is enough.
        #expect(r.sink.framesRecorded > heard, "no sound after the restart")
        let after = r.sink.runs.dropFirst(before - 1).map(\.value).filter { $0 != 0 }
        #expect(after.allSatisfy { $0 == Self.french }, "after the restart: \(after)")
    }

    @Test func choicesTheItemDoesNotHaveAreRefusedAndChangeNothing() async throws {
        let r = Self.start()
        r.h.player.play()
        #expect(await r.h.waitFor { $0.contains { $0.name == "readyForDisplay" } })
        let group = try #require(r.item.mediaSelectionGroup(for: .audible))
        #expect(throws: SelectionRefusal.self) { try r.item.select(nil, in: group) }
        let stranger = MediaSelectionOption(characteristic: .audible, trackID: 9, language: "de", title: nil, traits: [], codec: "fake")
        #expect(throws: SelectionRefusal.self) { try r.item.select(stranger, in: group) }
        #expect(r.item.currentMediaSelection.audible?.trackID == 1)
    }

    @Test func languageOptionsAreCheckedAndGiveTheCriteria() throws {
        guard case .failure(let e) = PlayerOptions.audioLanguages.declaration.parse("fr,français") else {
            Issue.record("a code with a cedilla was taken")
            return
        }
        #expect(e.message == "audio-languages: 'français' is not a language code; give codes like fr, de or pt-BR, comma-separated")
        let catalog = OptionCatalog([PlayerOptions.declarations])
        let file = try OptionsFile.parse("audio-languages = fr, en\nsubtitle-languages = de\n", path: "p.conf", catalog: catalog).get()
        let criteria = PlayerOptions.selectionCriteria(Settings(catalog: catalog, file: file))
        #expect(criteria == MediaSelectionCriteria(audioLanguages: ["fr", "en"], subtitleLanguages: ["de"]))
    }
}
