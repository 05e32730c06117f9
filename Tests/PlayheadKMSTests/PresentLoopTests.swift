import PlayheadCore
import PlayheadSys
import Synchronization
import Testing
@testable import PlayheadKMS

/// The present loop over a fake driver, stepped by hand on a virtual clock: no thread, no
/// sleep. Each test says what the loop asked of the device, and when.
@Suite struct PresentLoopTests {
    static let ms: Int64 = 1_000_000
    static let refresh: Int64 = 16_666_667
    let clock: VirtualClock
    let driver: FakePresentDriver
    let loop: PresentLoop<FakePresentDriver>
    let heard: Heard

    /// What the loop told outside the device: tags on screen, captures saved.
    final class Heard: Sendable {
        let displayed = Mutex<[UInt64]>([])
        let saved = Mutex<[String]>([])
    }

    init() {
        let clock = VirtualClock(), heard = Heard()
        let driver = FakePresentDriver(clock: clock, refresh: Self.refresh)
        let machine = PresentMachine<String>(buffers: 3, refreshNanoseconds: Self.refresh, connected: true, canCapture: true,
                                             device: "/dev/dri/card9")
        loop = PresentLoop(driver: driver, machine: machine, clock: clock) { _, target in heard.saved.withLock { $0.append(target.path) } }
        loop.setDisplayedHandler { tag in heard.displayed.withLock { $0.append(tag) } }
        self.clock = clock
        self.heard = heard
        self.driver = driver
    }

    var displayed: [UInt64] { heard.displayed.withLock { $0 } }
    var saved: [String] { heard.saved.withLock { $0 } }

    var now: Int64 { clock.now().nanoseconds }
    /// A time a frame can still be shown at after its drawing.
    var soon: HostTime { HostTime(nanoseconds: now + 2 * Self.refresh) }

    func frame(_ ms: Int64, tag: UInt64 = 0, duration: Int64 = 33) -> VideoFrame {
        var f = VideoFrame(pts: MediaTime(value: ms, timescale: 1000), duration: MediaTime(value: duration, timescale: 1000),
                           isKeyframe: true, picture: BlankPicture())
        f.displayTag = tag
        return f
    }

    /// Steps until the loop has nothing to do; how it stands then. A loop that never settles
    /// fails the test rather than hang it.
    @discardableResult
    func settle(sourceLocation: SourceLocation = #_sourceLocation) -> PresentLoop<FakePresentDriver>.Step {
        for _ in 0..<10_000 {
            let step = loop.step()
            if step != .worked { return step }
        }
        Issue.record("the loop never ran out of work", sourceLocation: sourceLocation)
        return .stopped
    }

    /// Steps, moving the clock to each moment the loop waits for, until it waits for a frame.
    func settleThroughWaits(sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<1000 {
            guard case .idle(let until?) = settle(sourceLocation: sourceLocation) else { return }
            clock.advance(to: HostTime(nanoseconds: until))
        }
        Issue.record("the loop kept waiting for a moment that never came", sourceLocation: sourceLocation)
    }

    /// One tagged frame shown, so that a vblank is known; returns the vblank it landed on.
    @discardableResult
    func showFirstFrame() -> Int64 {
        settle()
        loop.present(frame(0, tag: 1), dueAt: HostTime(nanoseconds: now + 40 * Self.ms))
        settleThroughWaits()
        _ = driver.takeCalls()
        return loop.state.lastVblank!
    }

    @Test func theNewestFrameWinsAndCarriesTheOvertakenTag() {
        #expect(settle() == .idle(until: nil))
        #expect(driver.takeCalls() == [.checkHotplug])
        loop.present(frame(0, tag: 7), dueAt: HostTime(nanoseconds: now + 50 * Self.ms))
        loop.present(frame(33), dueAt: HostTime(nanoseconds: now + 50 * Self.ms))
        #expect(loop.statistics.dropped == 1)
        settleThroughWaits()
        // Only the newer frame went to the screen, and the engine heard the older one's tag.
        #expect(driver.takeCalls() == [.follow(pts: 33), .prepare(pts: 33, buffer: 1), .draw(pts: 33),
                                       .commit("frame 33 in buffer 1", buffer: 1, capture: false), .waitForFlips, .checkHotplug])
        #expect(displayed == [7])
        #expect(loop.statistics.presented == 1 && loop.statistics.dropped == 1)
    }

    @Test func theCommitGoesInWhenFlipTimingSays() {
        let vblank = showFirstFrame()
        let due = vblank + 3 * Self.refresh
        loop.present(frame(33), dueAt: HostTime(nanoseconds: due))
        let commitAt = FlipTiming(refresh: Self.refresh, lastVblank: vblank).commitTime(due: due)
        #expect(commitAt == vblank + 2 * Self.refresh + Self.refresh / 8)
        #expect(settle() == .idle(until: commitAt))
        // Drawn, and waiting: nothing committed before its moment, whatever else wakes the loop.
        #expect(driver.takeCalls() == [.follow(pts: 33), .prepare(pts: 33, buffer: 0), .draw(pts: 33)])
        clock.advance(to: HostTime(nanoseconds: commitAt - 1))
        #expect(settle() == .idle(until: commitAt))
        clock.advance(to: HostTime(nanoseconds: commitAt))
        loop.step()
        #expect(driver.takeCalls() == [.commit("frame 33 in buffer 0", buffer: 0, capture: false)])
        settle()
        // It landed on the vblank nearest its time.
        #expect(loop.state.lastVblank == vblank + 3 * Self.refresh)
    }

    @Test func aLateFrameIsDroppedButAnItemsFirstFrameNever() {
        let vblank = showFirstFrame()
        // Due well before now: too late, dropped before drawing (its drawing time is known).
        loop.present(frame(33), dueAt: HostTime(nanoseconds: vblank - 100 * Self.ms))
        settleThroughWaits()
        #expect(driver.takeCalls() == [.follow(pts: 33), .prepare(pts: 33, buffer: 0), .checkHotplug])
        #expect(loop.statistics.droppedLate == 1 && loop.statistics.droppedUndrawn == 1 && loop.statistics.dropped == 1)
        // Just as late, but an item's first frame: shown, and its tag heard.
        loop.present(frame(66, tag: 9), dueAt: HostTime(nanoseconds: vblank - 100 * Self.ms))
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.commit("frame 66 in buffer 0", buffer: 0, capture: false)))
        #expect(loop.statistics.droppedLate == 1)
        #expect(displayed == [1, 9])
    }

    @Test func aStillOverlaysLatePictureIsShownNotDropped() {
        let vblank = showFirstFrame()
        var subtitle = frame(33, duration: 1000)
        subtitle.showsEvenLate = true
        loop.present(subtitle, dueAt: HostTime(nanoseconds: vblank - 100 * Self.ms))
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.commit("frame 33 in buffer 0", buffer: 0, capture: false)))
        #expect(loop.statistics.droppedLate == 0)
    }

    @Test func aFrameThatBecameLateWhileDrawnIsDroppedBeforeItsCommit() {
        let vblank = showFirstFrame()
        driver.drawNanoseconds = 60 * Self.ms
        loop.present(frame(33), dueAt: HostTime(nanoseconds: vblank + 2 * Self.refresh))
        settleThroughWaits()
        let calls = driver.takeCalls()
        #expect(calls.contains(.draw(pts: 33)))
        #expect(!calls.contains { if case .commit = $0 { return true } else { return false } })
        #expect(loop.statistics.droppedLate == 1 && loop.statistics.droppedUndrawn == 0)
        // Its buffer is free again.
        #expect(loop.state.ring.states == [.free, .current, .free])
    }

    @Test func aFlipFreesThePreviousBufferAndNotBefore() {
        showFirstFrame()  // buffer 1 on screen, 0 free
        loop.present(frame(33), dueAt: soon)
        for _ in 0..<100 where !driver.calls.contains(where: { if case .commit = $0 { return true } else { return false } }) {
            if case .idle(let until?) = loop.step() { clock.advance(to: HostTime(nanoseconds: until)) }
        }
        #expect(loop.state.ring.states == [.queued, .current, .free])
        // A frame arriving now waits for the flip: buffer 1 is still on screen.
        loop.present(frame(66), dueAt: HostTime(nanoseconds: now + 100 * Self.ms))
        loop.step()
        #expect(driver.calls.last == .waitForFlips)
        #expect(loop.state.ring.states == [.current, .free, .free])
        settleThroughWaits()
        #expect(driver.calls.contains(.prepare(pts: 66, buffer: 1)))
    }

    @Test func aRefusedCommitGivesItsBufferBackAndIsCounted() {
        showFirstFrame()
        driver.commitAnswers = [.refused(reason: "Device or resource busy", cardGone: false)]
        loop.present(frame(33), dueAt: soon)
        settleThroughWaits()
        #expect(loop.statistics.failedCommits == 1 && loop.statistics.dropped == 1)
        #expect(loop.state.ring.states == [.free, .current, .free])
        #expect(loop.failure == nil)
        // The next frame takes the same buffer; a card that went away fails the sink.
        driver.commitAnswers = [.refused(reason: "No such device", cardGone: true)]
        loop.present(frame(66), dueAt: soon)
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.prepare(pts: 66, buffer: 0)))
        #expect(loop.statistics.failedCommits == 2)
        #expect(loop.failure?.message.contains("/dev/dri/card9: the display card went away") == true)
    }

    @Test func aFlipThatNeverComesFreesItsBufferAndItsCapture() {
        showFirstFrame()
        loop.captureFrames(every: 1, into: "/captures")
        driver.flipsCome = false
        loop.present(frame(33), dueAt: soon)
        settleThroughWaits()
        let calls = driver.takeCalls()
        #expect(calls.contains(.commit("frame 33 in buffer 0", buffer: 0, capture: true)))
        #expect(calls.contains(.discarded(101)))
        #expect(loop.statistics.failedCommits == 1 && loop.statistics.presented == 1)
        #expect(loop.state.ring.states == [.free, .current, .free])
        #expect(saved.isEmpty)
    }

    @Test func capturesAreSavedWhenTheirFlipComes() {
        showFirstFrame()
        loop.captureFrames(every: 1, into: "/captures")
        loop.present(frame(33), dueAt: soon)
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.captured(101)))
        #expect(saved == ["/captures/frame-000033.ppm"])
    }

    @Test func aScreenshotWhileNoFrameComesCommitsTheShownBufferAgainWithCapture() {
        showFirstFrame()
        let quiet = now
        loop.screenshot(to: "/shots/still.png", atFrame: 1000, folder: nil)
        #expect(settle() == .idle(until: quiet + 100 * Self.ms))
        #expect(driver.takeCalls().isEmpty)
        clock.advance(to: HostTime(nanoseconds: quiet + 100 * Self.ms))
        settleThroughWaits()
        #expect(driver.takeCalls() == [.commit("frame 0 in buffer 1", buffer: nil, capture: true), .waitForFlips, .captured(101),
                                       .checkHotplug])
        #expect(saved == ["/shots/still.png"])
        // Taken once; the ring did not move.
        #expect(loop.state.ring.states == [.free, .current, .free])
        #expect(settle() == .idle(until: nil))
    }

    /// At the start, and after a mode set, only our black buffer is on screen: nothing to
    /// commit again.
    @Test func noStillScreenshotOfAScreenWeHaveNotShownOn() {
        settle()
        loop.screenshot(to: "/shots/still.png", atFrame: 1000, folder: nil)
        #expect(settle() == .idle(until: nil))
        // A frame shown, then a mode set puts the black buffer up again.
        driver.hotplugAnswers = [.modeSet(refreshNanoseconds: Self.refresh)]
        loop.present(frame(0, tag: 1), dueAt: soon)
        settleThroughWaits()
        clock.advance(byNanoseconds: 500 * Self.ms)
        #expect(settle() == .idle(until: nil))
        #expect(!driver.takeCalls().contains { if case .commit(_, nil, _) = $0 { return true } else { return false } })
        #expect(saved.isEmpty)
    }

    @Test func aPictureThatCannotBeDrawnIsDroppedAndItsBufferFreed() {
        showFirstFrame()
        driver.drawFailure = PlaybackError(.internalError, "no converter")
        loop.present(frame(33), dueAt: soon)
        settleThroughWaits()
        #expect(loop.statistics.drawFailures == 1 && loop.statistics.dropped == 1)
        #expect(loop.state.ring.states == [.free, .current, .free])
    }

    @Test func withoutADisplayFramesAreCountedAndAModeSetStartsTheRingOver() {
        showFirstFrame()
        loop.present(frame(33), dueAt: soon)
        settleThroughWaits()
        // Shown; the check after it finds the display gone.
        driver.hotplugAnswers = [.lost]
        loop.present(frame(50), dueAt: soon)
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.prepare(pts: 50, buffer: 1)))
        #expect(loop.state.ring.states == [.free, .current, .free])
        #expect(loop.statistics.disconnects == 1)
        // Dropped with no display; the check after it finds one, and its mode is set.
        driver.hotplugAnswers = [.modeSet(refreshNanoseconds: 20_000_000)]
        loop.present(frame(66), dueAt: soon)
        settleThroughWaits()
        #expect(loop.statistics.withoutDisplay == 1)
        #expect(driver.takeCalls() == [.checkHotplug])
        #expect(loop.state.refresh == 20_000_000 && loop.state.connected)
        // Buffer 0 went up black with the mode; the next frame goes to the next buffer.
        #expect(loop.state.ring.states == [.current, .free, .free])
        loop.present(frame(100), dueAt: soon)
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.prepare(pts: 100, buffer: 1)))
    }

    /// A screen of layers switched off and on: each plane gets its last picture back, so the
    /// ring goes on from the buffer on screen instead of starting over.
    @Test func aScreenSwitchedOffDropsFramesAndOnAgainKeepsTheRing() {
        showFirstFrame()
        loop.present(frame(33), dueAt: soon)
        settleThroughWaits()
        // Shown; the check after it finds the screen switched off.
        driver.hotplugAnswers = [.switchedOff]
        loop.present(frame(50), dueAt: soon)
        settleThroughWaits()
        #expect(!loop.state.connected)
        #expect(loop.state.ring.states == [.free, .current, .free])
        _ = driver.takeCalls()
        // Dropped while off, not counted as a disconnect; the check after it finds it on again.
        driver.hotplugAnswers = [.switchedOn(refreshNanoseconds: 20_000_000)]
        loop.present(frame(66), dueAt: soon)
        settleThroughWaits()
        #expect(driver.takeCalls() == [.checkHotplug])
        #expect(loop.statistics.disconnects == 0)
        #expect(loop.state.refresh == 20_000_000 && loop.state.connected)
        // Buffer 1 is on screen again (a start over would have put buffer 0 there): the next
        // frame goes to a free one, buffer 0.
        #expect(loop.state.ring.states == [.free, .current, .free])
        loop.present(frame(100), dueAt: soon)
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.prepare(pts: 100, buffer: 0)))
    }

    @Test func aStopReleasesAFrameWaitingForItsCommit() {
        let vblank = showFirstFrame()
        loop.present(frame(33), dueAt: HostTime(nanoseconds: vblank + 10 * Self.refresh))
        guard case .idle(let until?) = settle() else { Issue.record("no commit time"); return }
        #expect(until > now)
        loop.stop()
        #expect(settle() == .stopped)
        let calls = driver.takeCalls()
        #expect(!calls.contains { if case .commit = $0 { return true } else { return false } })
        #expect(loop.state.ring.states == [.free, .current, .free])
    }
}
