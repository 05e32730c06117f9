@_spi(Testing) import Playhead
import PlayheadCore
import PlayheadTestSupport
import Testing

/// Player.setRate(_:time:atHostTime:), as a sync group's follower uses it: the item's time is
/// tied to an instant, whether the seek lands before it (held) or after it (played on from
/// where that timeline is by then).
@Suite struct PlayAtHostTimeTests {
    static let second: Int64 = 1_000_000_000

    @Test func aSeekThatLandsEarlyWaitsForItsInstant() throws {
        let h = PlayerHarness(urls: ["fake-250-noaudio"])
        h.player.play()
        h.letTimePass(nanoseconds: Self.second)
        let at = h.clock.now().nanoseconds + Self.second
        h.player.setRate(.normal, time: MediaTime(value: 4, timescale: 1), atHostTime: HostTime(nanoseconds: at))
        h.letTimePass(nanoseconds: Self.second / 2)
        #expect(h.player.currentTime(atHostTime: h.clock.now()) == nil, "held, not playing, before its instant")
        #expect(h.player.currentTime() == MediaTime(value: 4, timescale: 1))
        h.letTimePass(nanoseconds: Self.second / 2 + 200_000_000)
        let now = h.clock.now()
        #expect(h.player.currentTime(atHostTime: now) == MediaTime(nanoseconds: 4_200_000_000 + (now.nanoseconds - at - 200_000_000)))
        // The picture at 4 s is shown as soon as the seek lands and held; the next one is due
        // one frame after the instant asked for.
        #expect(h.video.frames.contains { $0.pts == MediaTime(value: 4, timescale: 1) && $0.due.nanoseconds <= at })
        let next = try #require(h.video.frames.first { $0.pts == MediaTime(value: 101, timescale: 25) })
        #expect(next.due.nanoseconds == at + 40_000_000)
        h.player.shutdown()
    }

    @Test func aSeekThatLandsLatePlaysOnFromWhereTheTimelineIs() throws {
        let h = PlayerHarness(urls: ["fake-250-noaudio"])
        h.player.play()
        h.letTimePass(nanoseconds: Self.second)
        let at = h.clock.now().nanoseconds - 300_000_000
        h.player.setRate(.normal, time: MediaTime(value: 4, timescale: 1), atHostTime: HostTime(nanoseconds: at))
        h.letTimePass(nanoseconds: 100_000_000)
        let now = h.clock.now()
        let t = try #require(h.player.currentTime(atHostTime: now))
        #expect(t == MediaTime(nanoseconds: 4_000_000_000 + now.nanoseconds - at))
        #expect(!h.video.frames.contains { $0.pts == MediaTime(value: 4, timescale: 1) && $0.due.nanoseconds > at },
                "pictures the timeline has passed are not shown late")
        h.player.shutdown()
    }

    @Test func anInstantFarOffIsNotWaitedFor() {
        let h = PlayerHarness(urls: ["fake-250-noaudio"])
        h.player.play()
        h.letTimePass(nanoseconds: 100_000_000)
        let far = h.clock.now().nanoseconds + ScheduledStartLimit.seconds * Self.second + Self.second
        h.player.setRate(.normal, time: MediaTime(value: 2, timescale: 1), atHostTime: HostTime(nanoseconds: far))
        h.letTimePass(nanoseconds: 500_000_000)
        #expect(h.player.currentTime(atHostTime: h.clock.now()) != nil, "a clock not yet in step does not freeze the screen")
        h.player.shutdown()
    }
}
