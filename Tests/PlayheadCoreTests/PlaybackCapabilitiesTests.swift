import PlayheadCore
import Testing

/// What an item can be asked to do, from what opening it said, and the words of each refusal.
@Suite struct PlaybackCapabilitiesTests {
    static let video = TrackInfo(trackID: 0, mediaType: .video, codec: "h264")
    static let audio = TrackInfo(trackID: 1, mediaType: .audio, codec: "aac")
    static let tenSeconds = MediaTime(value: 10, timescale: 1)

    static func info(tracks: [TrackInfo] = [video, audio], duration: MediaTime = tenSeconds, seekable: Bool = true,
                     local: Bool = true) -> MediaInfo {
        MediaInfo(tracks: tracks, duration: duration, isSeekable: seekable, isLocal: local, formatName: "mov")
    }

    @Test func aLocalFileWithPicturesCanDoEverything() {
        let c = PlaybackCapabilities(Self.info())
        #expect(c.canPlayReverse && c.canPlaySlowReverse && c.canPlayFastReverse)
        #expect(c.canPlaySlowForward && c.canPlayFastForward && c.canStepForward && c.canStepBackward)
        for r in [-8.0, -1, -0.5, 0, 0.5, 1, 2, 16] { #expect(c.refusal(of: PlaybackRate(r)) == nil, "rate \(r)") }
        #expect(c.refusal(ofStep: 1) == nil && c.refusal(ofStep: -5) == nil)
    }

    @Test func aLiveStreamPlaysOnlyAtItsOwnPaceAndStepsOnlyForward() {
        let c = PlaybackCapabilities(Self.info(duration: .indefinite, seekable: false, local: false))
        #expect(!c.canPlayReverse && !c.canPlayFastForward && !c.canPlaySlowForward && !c.canStepBackward)
        #expect(c.canStepForward)
        #expect(c.refusal(of: PlaybackRate(-1))?.message == "rate -1 is refused: a live stream cannot play backwards")
        #expect(c.refusal(of: PlaybackRate(2))?.message == "rate 2 is refused: a live stream plays only at its own pace")
        #expect(c.refusal(of: PlaybackRate(0.5)) != nil)
        #expect(c.refusal(of: .normal) == nil && c.refusal(of: .paused) == nil, "playing and pausing are never refused")
        #expect(c.refusal(ofStep: -1)?.message == "step -1 is refused: a live stream cannot step back")
        #expect(c.refusal(ofStep: 1) == nil)
    }

    @Test func aFileOverTheNetworkPlaysFastButNotBackwards() {
        let c = PlaybackCapabilities(Self.info(local: false))
        #expect(c.canPlayFastForward && c.canPlaySlowForward && c.canStepBackward)
        #expect(!c.canPlayReverse)
        #expect(c.refusal(of: PlaybackRate(-2))?.message
                == "rate -2 is refused: a stream over the network cannot be read backwards; copy it to the board")
    }

    @Test func soundAloneHasNoPicturesToReverseOrStep() {
        let c = PlaybackCapabilities(Self.info(tracks: [Self.audio]))
        #expect(!c.canPlayReverse && !c.canStepForward && !c.canStepBackward)
        #expect(c.canPlayFastForward)
        #expect(c.refusal(of: PlaybackRate(-1))?.message == "rate -1 is refused: it has no pictures to play backwards")
        #expect(c.refusal(ofStep: 2)?.message == "step 2 is refused: it has no pictures to step through")
        #expect(c.refusal(ofStep: -2)?.message == "step -2 is refused: it has no pictures to step through")
    }

    @Test func aFileThatCannotBeSoughtNeitherReversesNorStepsBack() {
        let c = PlaybackCapabilities(Self.info(seekable: false))
        #expect(!c.canPlayReverse && !c.canStepBackward && c.canStepForward && c.canPlayFastForward)
    }

    @Test func beforeAnItemIsOpenEveryFlagIsFalseAndNothingIsRefused() {
        let c = PlaybackCapabilities.unknown
        #expect(!c.canPlayReverse && !c.canPlayFastForward && !c.canPlaySlowForward && !c.canStepForward && !c.canStepBackward)
        #expect(c.refusal(of: PlaybackRate(-4)) == nil && c.refusal(of: PlaybackRate(4)) == nil && c.refusal(ofStep: -1) == nil)
    }

    @Test func aStepOfNothingIsRefused() {
        #expect(PlaybackCapabilities(Self.info()).refusal(ofStep: 0)?.message == "step needs a count other than 0")
    }
}
