import PlayheadCore
import Testing
@testable import PlayheadKMS

/// A screenshot the card will never capture is said to whoever waits for it (the console's
/// folder, the HTTP API's wait), not left to their timeout.
extension PresentLoopTests {
    @Test func aStillScreenshotWhoseCommitIsRefusedIsAbandonedWithTheReason() {
        showFirstFrame()
        let store = FakeScreenshotStore()
        driver.commitAnswers = [.refused(reason: "Device or resource busy", cardGone: false)]
        loop.screenshot(to: "/shots/still.png", atFrame: 1000, folder: store)
        settleThroughWaits()
        #expect(saved.isEmpty)
        let why = store.abandoned.withLock { $0["/shots/still.png"] }
        #expect(why == "/dev/dri/card9 refused the commit for it (Device or resource busy)")
    }

    @Test func aStillScreenshotCommittedWithoutWritebackIsAbandoned() {
        showFirstFrame()
        let store = FakeScreenshotStore()
        driver.commitAnswers = [.queued(captureTicket: nil)]
        loop.screenshot(to: "/shots/still.png", atFrame: 1000, folder: store)
        settleThroughWaits()
        #expect(store.abandoned.withLock { $0["/shots/still.png"] }?.contains("without a writeback capture") == true)
        #expect(loop.state.ring.states == [.free, .current, .free])
    }

    @Test func aScreenshotOnAFrameWhoseFlipIsRefusedOrNeverComesIsAbandoned() {
        showFirstFrame()
        let store = FakeScreenshotStore()
        driver.commitAnswers = [.refused(reason: "Invalid argument", cardGone: false)]
        loop.screenshot(to: "/shots/refused.png", atFrame: 1, folder: store)
        loop.present(frame(33), dueAt: soon)
        settleThroughWaits()
        #expect(store.abandoned.withLock { $0["/shots/refused.png"] } == "/dev/dri/card9 refused its page flip (Invalid argument)")
        driver.flipsCome = false
        loop.screenshot(to: "/shots/lost.png", atFrame: 1, folder: store)
        loop.present(frame(66), dueAt: soon)
        settleThroughWaits()
        #expect(driver.takeCalls().contains(.discarded(101)))
        #expect(store.abandoned.withLock { $0["/shots/lost.png"] } == "its picture never reached the screen")
        #expect(saved.isEmpty)
    }
}
