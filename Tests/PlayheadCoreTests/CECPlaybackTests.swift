import Testing
@testable import PlayheadCore

/// The playback device's decisions, stepped with a virtual clock (nanoseconds).
@Suite struct CECPlaybackTests {
    static let s: Int64 = 1_000_000_000
    var s: Int64 { Self.s }

    static func frames(_ actions: [CECPlayback.Action]) -> [[UInt8]] {
        actions.compactMap { if case .transmit(let m) = $0 { m.bytes } else { nil } }
    }

    static func logs(_ actions: [CECPlayback.Action]) -> [String] {
        actions.compactMap { if case .log(let l) = $0 { l } else { nil } }
    }

    static func configured(screenOn: Bool = true) -> CECPlayback {
        var p = CECPlayback(osdName: "playhead", screenOn: screenOn)
        _ = p.step(.configured(logical: 4, physical: CECPhysicalAddress(0x1000)), now: 0)
        return p
    }

    static func rx(_ p: inout CECPlayback, _ bytes: [UInt8]) -> [CECPlayback.Action] {
        p.step(.received(CECMessage(bytes: bytes)!), now: 1 * s)
    }

    @Test func theTVIsWokenAndSwitchedToUsWhenConfiguredAndSentToStandbyWithTheScreen() {
        var p = CECPlayback(osdName: "playhead")
        let first = p.step(.configured(logical: 4, physical: CECPhysicalAddress(0x1000)), now: 0)
        #expect(Self.frames(first) == [[0x40, 0x04], [0x4F, 0x82, 0x10, 0x00], [0x40, 0x8F]])
        #expect(p.activeSource)
        let off = p.step(.screen(on: false), now: 1 * s)
        #expect(Self.frames(off) == [[0x40, 0x36], [0x40, 0x8F]])
        #expect(!p.activeSource)
        #expect(p.step(.screen(on: false), now: 2 * s).isEmpty)
        #expect(Self.frames(p.step(.screen(on: true), now: 3 * s)) == [[0x40, 0x04], [0x4F, 0x82, 0x10, 0x00], [0x40, 0x8F]])
        #expect(p.recent.last == "tx 40:8f (give-device-power-status 4->0)")
    }

    @Test func aScreenSwitchedBeforeTheAdapterIsConfiguredIsSentWhenItIs() {
        var p = CECPlayback(osdName: "playhead")
        #expect(p.step(.screen(on: false), now: 0).isEmpty)
        let later = p.step(.configured(logical: 4, physical: CECPhysicalAddress(0x1000)), now: 5 * s)
        #expect(Self.frames(later) == [[0x40, 0x36], [0x40, 0x8F]])
        #expect(p.step(.configured(logical: 4, physical: CECPhysicalAddress(0x1000)), now: 5 * s).isEmpty)
        #expect(Self.logs(p.step(.unconfigured, now: 6 * s)).count == 1)
        #expect(p.step(.unconfigured, now: 7 * s).isEmpty)
        #expect(p.step(.screen(on: true), now: 8 * s).isEmpty)
        #expect(p.tick(now: 100 * s).isEmpty)
    }

    /// The kernel gives up a claim whose poll timed out and does not try again: the address is
    /// claimed again a while later (here 5 s), then twice as late each time, until it takes.
    @Test func aClaimThatCameToNothingIsMadeAgainLaterAndLater() {
        var p = CECPlayback(osdName: "playhead", reclaimDelay: 5 * s)
        let at = CECPhysicalAddress(0x1000)
        #expect(p.step(.unclaimed(physical: at), now: 0).isEmpty)
        #expect(p.nextDeadline == 5 * s)
        #expect(p.tick(now: 4 * s).isEmpty)
        #expect(p.tick(now: 5 * s) == [.claimAgain])
        #expect(p.tick(now: 6 * s).isEmpty)
        // Refused again: quietly, 10 s later.
        #expect(p.step(.unclaimed(physical: at), now: 6 * s).isEmpty)
        #expect(p.tick(now: 15 * s).isEmpty && p.tick(now: 16 * s) == [.claimAgain])
        // Claimed: nothing more is asked, and a later failure starts at 5 s again.
        #expect(!Self.frames(p.step(.configured(logical: 4, physical: at), now: 17 * s)).isEmpty)
        #expect(p.tick(now: 100 * s) != [.claimAgain])
        _ = p.step(.unclaimed(physical: at), now: 200 * s)
        #expect(p.nextDeadline == 205 * s)
        // No physical address (the cable out): nothing to claim, no claim again.
        _ = p.step(.unconfigured, now: 201 * s)
        #expect(p.nextDeadline == nil && p.tick(now: 300 * s).isEmpty)
    }

    @Test func powerStatusIsAnsweredAndTheTVsIsFollowed() {
        var p = Self.configured()
        #expect(Self.frames(Self.rx(&p, [0x04, 0x8F])) == [[0x40, 0x90, 0x00]])
        _ = p.step(.screen(on: false), now: 2 * s)
        #expect(Self.frames(Self.rx(&p, [0x04, 0x8F])) == [[0x40, 0x90, 0x01]])
        #expect(Self.logs(Self.rx(&p, [0x04, 0x90, 0x01])) == ["cec: the TV is standby"])
        #expect(p.tvPower == .standby)
        #expect(Self.rx(&p, [0x04, 0x90, 0x01]).isEmpty)
        // Another device's report is not the TV's.
        _ = Self.rx(&p, [0x84, 0x90, 0x00])
        #expect(p.tvPower == .standby)
    }

    @Test func theActiveSourceIsClaimedWhenAskedAndGivenUpToAnother() {
        var p = Self.configured()
        #expect(Self.frames(Self.rx(&p, [0x0F, 0x85])) == [[0x4F, 0x82, 0x10, 0x00]])
        #expect(Self.rx(&p, [0x8F, 0x82, 0x20, 0x00]).isEmpty)
        #expect(!p.activeSource)
        #expect(Self.rx(&p, [0x0F, 0x85]).isEmpty)
        #expect(Self.frames(Self.rx(&p, [0x0F, 0x86, 0x10, 0x00])) == [[0x4F, 0x82, 0x10, 0x00]])
        #expect(p.activeSource)
        _ = Self.rx(&p, [0x0F, 0x86, 0x20, 0x00])
        #expect(!p.activeSource)
    }

    @Test func unknownDirectedMessagesAreRefusedButNeverAnswersOrBroadcasts() {
        var p = Self.configured()
        #expect(Self.frames(Self.rx(&p, [0x04, 0x8A, 0x01])) == [[0x40, 0x00, 0x8A, 0x00]])
        #expect(Self.rx(&p, [0x0F, 0x8A]).isEmpty)
        #expect(Self.frames(Self.rx(&p, [0x04, 0x00, 0x04, 0x04])).isEmpty)
        #expect(Self.logs(Self.rx(&p, [0x04, 0x00, 0x04, 0x04])) == ["cec: device 0 refused image-view-on (refused)"])
        #expect(Self.rx(&p, [0x04, 0x9E, 0x05]).isEmpty)
        // For another device, or from ourselves.
        #expect(Self.rx(&p, [0x08, 0x8A]).isEmpty)
        #expect(Self.rx(&p, [0x40, 0x8A]).isEmpty)
        #expect(Self.frames(Self.rx(&p, [0x04, 0x8D, 0x00])) == [[0x40, 0x8E, 0x01]])
        #expect(Self.frames(Self.rx(&p, [0x04, 0x46])) == [[0x40, 0x47] + Array("playhead".utf8)])
        #expect(Self.frames(Self.rx(&p, [0x04, 0x83])) == [[0x4F, 0x84, 0x10, 0x00, 0x04]])
    }

    @Test func theRemotesKeysBecomeCommands() {
        var p = Self.configured()
        #expect(Self.rx(&p, [0x04, 0x44, 0x46]).contains(.command("pause")))
        #expect(Self.rx(&p, [0x04, 0x44, 0x44]).contains(.command("play")))
        #expect(Self.rx(&p, [0x04, 0x44, 0x4B]).contains(.command("next")))
        let unknown = Self.rx(&p, [0x04, 0x44, 0x01])
        #expect(Self.logs(unknown) == ["cec: the remote's key 0x1 does nothing here"] && Self.frames(unknown).isEmpty)
        #expect(Self.rx(&p, [0x04, 0x45]).isEmpty)
    }

    @Test func theTVsPowerIsAskedEveryIntervalAndSilenceIsSaidOnce() {
        var p = Self.configured()
        #expect(p.tick(now: 9 * s).isEmpty)
        let ask = CECMessage(from: 4, to: 0, .giveDevicePowerStatus)
        #expect(Self.frames(p.tick(now: 10 * s)) == [ask.bytes])
        #expect(p.nextDeadline == 20 * s)
        _ = Self.rx(&p, [0x04, 0x90, 0x00])
        #expect(Self.logs(p.step(.sent(ask, acknowledged: false), now: 10 * s)).count == 1)
        #expect(p.tvPower == .unknown)
        #expect(p.step(.sent(ask, acknowledged: false), now: 20 * s).isEmpty)
        #expect(Self.logs(p.step(.sent(ask, acknowledged: true), now: 30 * s)) == ["cec: the TV answers again"])
        let wake = CECMessage(from: 4, to: 0, .imageViewOn)
        #expect(Self.logs(p.step(.sent(wake, acknowledged: false), now: 31 * s)) == ["cec: 40:04 (image-view-on 4->0) was not acknowledged"])
    }

    @Test func theOSDNameIsPrintableASCIIOf14AtMost() {
        #expect(CECPlayback(osdName: "Lobby screen número 12").osdName == "Lobby screen n")
    }
}
