import PlayheadCore
import PlayheadSys
import Testing
@testable import PlayheadKMS

/// Where the card has no writeback, a screenshot is made from the picture on screen: the loop
/// keeps the one the last flip showed, not one still on its way, and keeps it while paused.
@Suite struct PresentLoopShownPictureTests {
    let clock = VirtualClock()
    let driver: FakePresentDriver
    let loop: PresentLoop<FakePresentDriver>

    init() {
        driver = FakePresentDriver(clock: clock, refresh: 16_666_667)
        let machine = PresentMachine<String>(buffers: 3, refreshNanoseconds: 16_666_667, connected: true, canCapture: false,
                                             device: "/dev/dri/card9")
        loop = PresentLoop(driver: driver, machine: machine, clock: clock) { _, _ in }
    }

    func frame(_ ms: Int64, _ picture: BlankPicture) -> VideoFrame {
        VideoFrame(pts: MediaTime(value: ms, timescale: 1000), duration: MediaTime(value: 33, timescale: 1000), isKeyframe: true,
                   picture: picture)
    }

    /// Steps, moving the clock to each moment the loop waits for, until it waits for a frame.
    func settle() {
        for _ in 0..<10_000 {
            switch loop.step() {
            case .worked: continue
            case .idle(let until?): clock.advance(to: HostTime(nanoseconds: until))
            default: return
            }
        }
        Issue.record("the loop never ran out of work")
    }

    @Test func theShownPictureIsTheOneTheLastFlipShowed() {
        let first = BlankPicture(), lost = BlankPicture(), third = BlankPicture()
        settle()
        #expect(loop.shownPicture == nil)
        loop.present(frame(0, first), dueAt: HostTime(nanoseconds: clock.now().nanoseconds + 40_000_000))
        settle()
        #expect(loop.shownPicture.map(ObjectIdentifier.init) == ObjectIdentifier(first))
        // Committed, but its flip never came (a stopped CRTC): the first is still on screen.
        driver.flipsCome = false
        loop.present(frame(33, lost), dueAt: HostTime(nanoseconds: clock.now().nanoseconds + 40_000_000))
        settle()
        #expect(loop.shownPicture.map(ObjectIdentifier.init) == ObjectIdentifier(first))
        driver.flipsCome = true
        loop.present(frame(66, third), dueAt: HostTime(nanoseconds: clock.now().nanoseconds + 40_000_000))
        settle()
        #expect(loop.shownPicture.map(ObjectIdentifier.init) == ObjectIdentifier(third))
        // Nothing new comes (paused): it stays.
        clock.advance(to: HostTime(nanoseconds: clock.now().nanoseconds + 5_000_000_000))
        settle()
        #expect(loop.shownPicture.map(ObjectIdentifier.init) == ObjectIdentifier(third))
    }
}
