import Testing
@testable import PlayheadCore

@Suite struct RoutePolicyTests {
    let hdmi = AudioRoute(device: "hw:CARD=HDMI,DEV=3", name: "HDMI", card: "HDMI")
    let phones = AudioRoute(device: "hw:CARD=PCH,DEV=0", name: "Headphones", card: "PCH")
    let usb = AudioRoute(device: "hw:CARD=Dongle,DEV=0", name: "USB", card: "Dongle")
    let loop = AudioRoute(device: "hw:CARD=Loopback,DEV=0", name: "Loopback", card: "Loopback")

    func policy(_ prefs: [String] = ["USB", "Headphones", "HDMI"], available: [AudioRoute]? = nil,
                current: AudioRoute?, playing: Bool = true) -> RoutePolicy {
        RoutePolicy(preferences: prefs, available: available ?? [hdmi, phones], current: current, isPlaying: playing)
    }

    func change(_ r: AudioRouteChangeReason, _ p: AudioRoute?, _ c: AudioRoute?) -> RoutePolicy.Action {
        .announce(AudioRouteChange(reason: r, previous: p, current: c))
    }

    // MARK: An unattended board

    @Test func aLostCardThatComesBackResumesOnlyWhenAskedTo() {
        var p = policy(available: [usb, hdmi], current: usb)
        p.resumesWhenBack = true
        #expect(p.handle(.disappeared(card: "Dongle")) == [.pause, .move(to: hdmi), change(.oldDeviceUnavailable, usb, hdmi)])
        p.isPlaying = false
        #expect(p.handle(.appeared(usb)) == [.move(to: usb), .resume, change(.newDeviceAvailable, hdmi, usb)])
        // As AVAudioSession by default: back, but paused until someone asks.
        var q = policy(available: [usb, hdmi], current: usb)
        _ = q.handle(.disappeared(card: "Dongle"))
        q.isPlaying = false
        #expect(q.handle(.appeared(usb)) == [.move(to: usb), change(.newDeviceAvailable, hdmi, usb)])
    }

    @Test func aPlayPressedMeanwhileEndsTheWaitForTheCard() {
        var p = policy(available: [usb, hdmi], current: usb)
        p.resumesWhenBack = true
        _ = p.handle(.disappeared(card: "Dongle"))
        p.isPlaying = true
        #expect(!p.handle(.appeared(usb)).contains(.resume))
    }

    // MARK: Ranking

    @Test func ranksByPreferenceThenAppearance() {
        let p = policy(["headphones"], available: [loop, hdmi, phones], current: nil)
        #expect(p.best == phones)
        // Not in the list: order of appearance.
        let q = policy([], available: [loop, hdmi, phones], current: nil)
        #expect(q.best == loop)
        #expect(q.rank(hdmi) < q.rank(phones))
    }

    @Test func preferencesMatchNameCardOrDeviceIgnoringCase() {
        #expect(policy(["pch"], current: nil).best == phones)
        #expect(policy(["hw:card=hdmi,dev=3"], current: nil).best == hdmi)
        #expect(policy(["Nothing", "hdmi"], current: nil).best == hdmi)
    }

    @Test func duplicateCardsAreKnownOnce() {
        let p = policy(available: [hdmi, hdmi, phones], current: usb)
        #expect(p.routes == [hdmi, phones, usb])
    }

    // MARK: The route in use goes away

    @Test func currentDisappearingPausesAndMovesToTheBestLeft() {
        var p = policy(available: [hdmi, phones, loop], current: phones)
        let actions = p.handle(.disappeared(card: "PCH"))
        #expect(actions == [.pause, .move(to: hdmi), change(.oldDeviceUnavailable, phones, hdmi)])
        #expect(p.current == hdmi)
        #expect(!p.isPlaying)
        #expect(p.routes == [hdmi, loop])
    }

    @Test func currentDisappearingWhilePausedDoesNotPauseAgain() {
        var p = policy(current: phones, playing: false)
        #expect(p.handle(.disappeared(card: "PCH")) == [.move(to: hdmi), change(.oldDeviceUnavailable, phones, hdmi)])
    }

    @Test func lastRouteDisappearingLeavesNone() {
        var p = policy(available: [phones], current: phones)
        #expect(p.handle(.disappeared(card: "PCH")) == [.pause, change(.oldDeviceUnavailable, phones, nil)])
        #expect(p.current == nil)
        #expect(p.best == nil)
    }

    @Test func otherRouteDisappearingChangesNothing() {
        var p = policy(current: phones)
        #expect(p.handle(.disappeared(card: "HDMI")).isEmpty)
        #expect(p.current == phones && p.isPlaying)
        #expect(p.handle(.disappeared(card: "Unknown")).isEmpty)
    }

    @Test func headphonesPulledIsLikeDisappearing() {
        var p = policy(current: phones)
        let actions = p.handle(.jack(card: "PCH", control: "Headphone Jack", plugged: false))
        #expect(actions == [.pause, .move(to: hdmi), change(.oldDeviceUnavailable, phones, hdmi)])
        #expect(p.available == [hdmi])
        // Still known: plugging back in makes it available again, and preferred, so it is taken.
        #expect(p.routes.contains(phones))
        let back = p.handle(.jack(card: "PCH", control: "Headphone Jack", plugged: true))
        #expect(back == [.move(to: phones), change(.newDeviceAvailable, hdmi, phones)])
        #expect(p.current == phones)
        // Playback stays paused: a route appearing never resumes.
        #expect(!p.isPlaying && !back.contains(.pause))
    }

    /// A TV switched on after boot behind an HDMI card with no jack control (vc4-hdmi): its ELD
    /// is the jack. Empty at first, the card is not used; the TV's ELD brings the sound there
    /// when HDMI is preferred, without a pause.
    @Test func aPreferredHDMICardsSinkAppearingTakesTheSound() {
        var p = policy(["HDMI", "Headphones"], current: phones)
        var jacks = CardJacks(card: "HDMI")
        let none = jacks.update(["HDMI sink ELD,dev=0": false])
        #expect(none == .jack(card: "HDMI", control: "HDMI sink ELD,dev=0", plugged: false))
        #expect(p.handle(none!).isEmpty)
        #expect(p.available == [phones])
        let tv = jacks.update(["HDMI sink ELD,dev=0": true])
        #expect(p.handle(tv!) == [.move(to: hdmi), change(.newDeviceAvailable, phones, hdmi)])
        #expect(p.isPlaying)
    }

    @Test func jackEventsThatChangeNothingDoNothing() {
        var p = policy(current: phones)
        #expect(p.handle(.jack(card: "PCH", control: "Headphone Jack", plugged: true)).isEmpty)
        #expect(p.handle(.jack(card: "Unknown", control: "Headphone Jack", plugged: false)).isEmpty)
        #expect(p.handle(.jack(card: "HDMI", control: "HDMI/DP,pcm=3 Jack", plugged: false)).isEmpty)
        #expect(p.handle(.jack(card: "HDMI", control: "HDMI/DP,pcm=3 Jack", plugged: false)).isEmpty)
        #expect(p.available == [phones])
    }

    @Test func unpluggedCardIsNotAFallback() {
        var p = policy(available: [hdmi, phones, loop], current: phones)
        _ = p.handle(.jack(card: "HDMI", control: "HDMI Jack", plugged: false))
        #expect(p.handle(.disappeared(card: "PCH")) == [.pause, .move(to: loop), change(.oldDeviceUnavailable, phones, loop)])
    }

    @Test func reappearingCardForgetsItsJack() {
        var p = policy(current: hdmi)
        _ = p.handle(.jack(card: "PCH", control: "Headphone Jack", plugged: false))
        _ = p.handle(.disappeared(card: "PCH"))
        #expect(p.handle(.appeared(phones)) == [.move(to: phones), change(.newDeviceAvailable, hdmi, phones)])
    }

    // MARK: Routes appearing

    @Test func morePreferredAppearingMovesWithoutPausing() {
        var p = policy(current: phones)
        let actions = p.handle(.appeared(usb))
        #expect(actions == [.move(to: usb), change(.newDeviceAvailable, phones, usb)])
        #expect(p.current == usb && p.isPlaying)
    }

    @Test func lessPreferredAppearingIsAnnouncedOnly() {
        var p = policy(available: [phones], current: phones)
        #expect(p.handle(.appeared(hdmi)) == [change(.newDeviceAvailable, phones, phones)])
        #expect(p.current == phones)
        // Unlisted routes rank after listed ones.
        #expect(p.handle(.appeared(loop)) == [change(.newDeviceAvailable, phones, phones)])
    }

    @Test func anyRouteAppearingWhenThereIsNoneIsTaken() {
        var p = policy(available: [], current: nil, playing: false)
        #expect(p.handle(.appeared(loop)) == [.move(to: loop), change(.newDeviceAvailable, nil, loop)])
        #expect(p.current == loop)
    }

    @Test func knownRouteAppearingAgainIsNotNews() {
        var p = policy(current: phones)
        #expect(p.handle(.appeared(hdmi)).isEmpty)
        let renamed = AudioRoute(device: "plughw:CARD=PCH", name: "Headphones", card: "PCH")
        #expect(p.handle(.appeared(renamed)).isEmpty)
        #expect(p.current == renamed)
    }

    // MARK: Overrides and configuration

    @Test func overrideMovesEvenToALessPreferredRoute() {
        var p = policy(current: phones)
        #expect(p.override(to: hdmi) == [.move(to: hdmi), change(.override, phones, hdmi)])
        #expect(p.current == hdmi && p.isPlaying)
        #expect(p.override(to: hdmi).isEmpty)
        // An unknown route becomes known.
        #expect(p.override(to: loop) == [.move(to: loop), change(.override, hdmi, loop)])
        #expect(p.routes.contains(loop))
    }

    @Test func afterAnOverrideAMorePreferredArrivalStillWins() {
        var p = policy(current: phones)
        _ = p.override(to: hdmi)
        #expect(p.handle(.appeared(usb)) == [.move(to: usb), change(.newDeviceAvailable, hdmi, usb)])
    }

    @Test func configurationChangeOfTheCurrentRouteIsAnnounced() {
        var p = policy(current: hdmi)
        #expect(p.handle(.configurationChanged(card: "HDMI")) == [change(.routeConfigurationChange, hdmi, hdmi)])
        #expect(p.handle(.configurationChanged(card: "PCH")).isEmpty)
        #expect(p.current == hdmi)
    }

    // MARK: Failed moves

    @Test func failedMoveFallsBackToTheNextRoute() {
        var p = policy(available: [hdmi, phones, loop], current: phones)
        _ = p.handle(.disappeared(card: "PCH"))
        #expect(p.moveFailed(to: hdmi, stillOn: nil) == [.move(to: loop)])
        #expect(p.current == loop)
        #expect(p.moveFailed(to: loop, stillOn: nil).isEmpty)
        #expect(p.current == nil)
    }

    @Test func failedMoveWithNothingLeftPausesWhenPlaying() {
        var p = policy(current: phones)
        _ = p.handle(.appeared(usb))
        #expect(p.moveFailed(to: usb, stillOn: nil) == [.move(to: phones)])
        #expect(p.moveFailed(to: phones, stillOn: nil) == [.move(to: hdmi)])
        #expect(p.moveFailed(to: hdmi, stillOn: nil) == [.pause])
        #expect(p.current == nil && !p.isPlaying)
    }

    @Test func failedMoveKeepsAWorkingRoute() {
        var p = policy(current: phones)
        _ = p.handle(.appeared(usb))
        #expect(p.moveFailed(to: usb, stillOn: phones).isEmpty)
        #expect(p.current == phones && p.isPlaying)
        // A failed card is not tried again until it changes or comes back.
        #expect(!p.available.contains(usb))
        #expect(p.handle(.configurationChanged(card: "Dongle")).isEmpty)
        #expect(p.available.contains(usb))
    }
}
