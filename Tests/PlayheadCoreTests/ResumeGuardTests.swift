import PlayheadCore
import Testing

/// A file that takes playhead down is resumed into at most twice more, then skipped.
struct ResumeGuardTests {
    let list = Playlist([("/media/usb/a.mp4", nil), ("/media/usb/poison.mkv", nil), ("/media/usb/c.mp4", nil)])
    func saved(starts: Int, seconds: Double = 12) -> PlaybackPlace {
        PlaybackPlace(location: "/media/usb/poison.mkv", index: 1, seconds: seconds, volume: 1, muted: false, unprovenStarts: starts)
    }

    @Test func eachResumedStartIsCountedUntilTheLimitThenSkipped() {
        var place = saved(starts: 0)
        for expected in 1...ResumeGuard.startLimit {
            // A start, then the crash before any progress: what it wrote is what the next start reads.
            var g = ResumeGuard()
            guard case .resume(let entry, let counted) = g.choose(saved: place, in: list) else {
                Issue.record("start \(expected) did not resume")
                return
            }
            #expect(entry.location == "/media/usb/poison.mkv")
            #expect(counted.unprovenStarts == expected)
            place = g.stamp(saved(starts: 0, seconds: 14))
            #expect(place.unprovenStarts == expected)
        }
        var g = ResumeGuard()
        #expect(g.choose(saved: place, in: list) == .skip(list.entries[1], next: list.entries[2]))
    }

    @Test func gettingGoingClearsTheCount() {
        var g = ResumeGuard()
        _ = g.choose(saved: saved(starts: 1), in: list)
        #expect(g.stamp(saved(starts: 0, seconds: 20)).unprovenStarts == 2)
        // Well past the resumed place: it plays.
        #expect(g.stamp(saved(starts: 0, seconds: 12 + ResumeGuard.progressSeconds)).unprovenStarts == 0)
        // And stays cleared.
        #expect(g.stamp(saved(starts: 0, seconds: 13)).unprovenStarts == 0)
    }

    @Test func anotherItemComingUpClearsTheCount() {
        var g = ResumeGuard()
        _ = g.choose(saved: saved(starts: 1), in: list)
        let next = PlaybackPlace(location: "/media/usb/c.mp4", index: 2, seconds: 0, volume: 1, muted: false)
        #expect(g.stamp(next).unprovenStarts == 0)
    }

    @Test func theLastItemSkippedLeavesNothingNext() {
        var g = ResumeGuard()
        let last = PlaybackPlace(location: "/media/usb/c.mp4", index: 2, seconds: 0, volume: 1, muted: false, unprovenStarts: 2)
        #expect(g.choose(saved: last, in: list) == .skip(list.entries[2], next: nil))
        #expect(g.choose(saved: saved(starts: 0), in: Playlist([("/x", nil)])) == .gone)
    }
}
