import PlayheadCore
import Testing

/// The one word `status` says and the status light shows, from what the engine published.
struct PlayerStateTests {
    static func control(paused: Bool = false, restarting: Bool = false, hasItem: Bool = true, itemOpen: Bool = true,
                        stalled: Bool = false, waitingForData: Bool = false) -> TimeControl {
        TimeControl.decide(paused: paused, restarting: restarting, hasItem: hasItem, itemOpen: itemOpen,
                           stalled: stalled, waitingForData: waitingForData)
    }

    @Test func timeControlNamesWhyItWaits() {
        #expect(Self.control() == TimeControl(status: .playing, reason: nil))
        #expect(Self.control(paused: true, stalled: true) == TimeControl(status: .paused, reason: nil))
        #expect(Self.control(stalled: true).reason == .stalled)
        #expect(Self.control(stalled: true).status == .waitingToPlayAtSpecifiedRate)
        #expect(Self.control(waitingForData: true).reason == .startingPlayback)
        #expect(Self.control(itemOpen: false, waitingForData: true).reason == .openingItem)
        #expect(Self.control(hasItem: false, itemOpen: false).reason == .noItemToPlay)
        // A restart outranks what the failed item left behind.
        #expect(Self.control(restarting: true, itemOpen: false, stalled: true).reason == .restarting)
    }

    @Test func aStallSaysBufferingAndTheLightBlinks() {
        let stalled = PlayerState.decide(playerFailed: false, item: .readyToPlay, timeControl: Self.control(stalled: true))
        #expect(stalled == .buffering)
        #expect(PlayerActivity(stalled) == .buffering)
        #expect(PlayerState.decide(playerFailed: false, item: .readyToPlay, timeControl: Self.control()) == .playing)
        // Starting after a seek is not buffering: the light would blink at every seek.
        #expect(PlayerState.decide(playerFailed: false, item: .readyToPlay, timeControl: Self.control(waitingForData: true)) == .playing)
        #expect(PlayerState.decide(playerFailed: false, item: .readyToPlay, timeControl: Self.control(paused: true, stalled: true)) == .paused)
    }

    @Test func failuresAndRestartsComeFirst() {
        #expect(PlayerState.decide(playerFailed: true, item: .readyToPlay, timeControl: Self.control()) == .failed)
        #expect(PlayerState.decide(playerFailed: false, item: .failed, timeControl: Self.control(restarting: true)) == .restarting)
        // Failed on an earlier turn of a loop and played again: the player is not failing.
        #expect(PlayerState.decide(playerFailed: false, item: .failed, timeControl: Self.control()) == .playing)
        #expect(PlayerState.decide(playerFailed: false, item: .failed, timeControl: Self.control(itemOpen: false)) == .opening)
        #expect(PlayerState.decide(playerFailed: false, item: .failed, timeControl: Self.control(paused: true)) == .paused)
        #expect(PlayerState.decide(playerFailed: false, item: .unknown, timeControl: Self.control(itemOpen: false)) == .opening)
        #expect(PlayerState.decide(playerFailed: false, item: nil, timeControl: Self.control(hasItem: false, itemOpen: false)) == .idle)
    }
}
