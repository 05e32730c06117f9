import Playhead
import PlayheadCore
@testable import PlayheadApp
import Synchronization
import Testing

/// The schedule's changes through the router: at once, or at the end of the item playing
/// (`schedule-change = item-end`), never later than `schedule-change-wait`. A virtual clock.
@Suite struct ScheduleRouterTests {
    let session = ControlSession(name: "test", format: .text) { _ in }
    final class Clock: Sendable {
        let nanoseconds = Mutex<Int64>(0)
        func advance(seconds: Int64) { nanoseconds.withLock { $0 += seconds * 1_000_000_000 } }
    }

    func router(_ player: FakePlayerControl, clock: Clock) -> CommandRouter {
        let r = CommandRouter(player: player, playlist: Playlist([("a.mp4", nil)]), settings: Settings(catalog: AppOptions.catalog),
                              hooks: RouterHooks(now: { clock.nanoseconds.withLock { $0 } }, version: "9.9"), layers: nil)
        r.start()
        return r
    }

    static let evening: [(location: String, title: String?, duration: Double?)] = [("b.mp4", nil, nil)]

    @Test func aChangeHappensAtOnceByDefault() {
        let player = FakePlayerControl(), clock = Clock()
        let r = router(player, clock: clock)
        player.play()
        r.applySchedule(.playlist("evening.m3u"), items: Self.evening)
        #expect(player.calls.contains("queue b.mp4"))
    }

    @Test func withItemEndAChangeWaitsForTheItemToChange() {
        let player = FakePlayerControl(), clock = Clock()
        let r = router(player, clock: clock)
        _ = r.handle(line: "set schedule-change item-end", from: session)
        player.play()
        r.applySchedule(.playlist("evening.m3u"), items: Self.evening)
        #expect(!player.calls.contains("queue b.mp4"))
        r.scheduleTick()
        #expect(!player.calls.contains("queue b.mp4"))
        r.scheduleItemChanged()
        #expect(player.calls.contains("queue b.mp4"))
    }

    @Test func aChangeWaitsNoLongerThanTheWait() {
        let player = FakePlayerControl(), clock = Clock()
        let r = router(player, clock: clock)
        _ = r.handle(line: "set schedule-change item-end", from: session)
        _ = r.handle(line: "set schedule-change-wait 30", from: session)
        player.play()
        r.applySchedule(.off, items: [])
        clock.advance(seconds: 29)
        r.scheduleTick()
        #expect(player.isScreenOff == false)
        clock.advance(seconds: 1)
        r.scheduleTick()
        #expect(player.isScreenOff == true && player.isPaused)
    }

    @Test func nothingWaitsWhilePaused() {
        let player = FakePlayerControl(), clock = Clock()
        let r = router(player, clock: clock)
        _ = r.handle(line: "set schedule-change item-end", from: session)
        player.pause()
        r.applySchedule(.playlist("evening.m3u"), items: Self.evening)
        #expect(player.calls.contains("queue b.mp4"))
    }
}
