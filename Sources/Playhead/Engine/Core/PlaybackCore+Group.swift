import PlayheadCore

/// Where a group's member stood when it stalled, on its item's own time: the group's clock went
/// on without it, and it comes back where that clock is.
struct GroupPlace {
    let itemTime: MediaTime
    let host: HostTime
}

extension PlaybackCore {
    /// A member further behind than this seeks to where the group is (from the key frame before
    /// it); a member less far behind lets its clock jump and drops the frames it missed, as a
    /// board that falls behind does.
    static let groupSeekBeyond = MediaTime(value: 2, timescale: 1)

    /// A group's member stalls: its clock stops, the group's does not.
    mutating func groupStalled(_ now: HostTime) {
        guard ports.startGroup != nil, let seg = segments.first else { return }
        groupLost = GroupPlace(itemTime: clock.mediaTime(at: now) - seg.offset, host: now)
    }

    /// How far the group's clock ran from `place` until `now`.
    func groupTime(from place: GroupPlace, _ now: HostTime) -> MediaTime {
        place.itemTime + MediaTime(nanoseconds: Int64(Double(now.nanoseconds - place.host.nanoseconds) * rate.doubleValue))
    }

    /// Data is back for a member that stalled: it goes on where the group is, not where it
    /// stopped. False when it is no group's member (it goes on where it stopped, as AVPlayer does).
    mutating func groupResumed(_ now: HostTime) -> Bool {
        guard let lost = groupLost, let seg = segments.first else { return false }
        groupLost = nil
        let target = groupTime(from: lost, now)
        let duration = seg.source.info.duration
        if target - lost.itemTime > Self.groupSeekBeyond, seg.source.info.isSeekable, !duration.isNumeric || target < duration {
            groupCatchUp = lost
            phase = .starting(firstPictureSince: nil)
            beginSeek(SeekRequest(target: target, toleranceBefore: .positiveInfinity, toleranceAfter: .zero), internal: true)
            return true
        }
        phase = .running
        clock = PresentationClock(media: seg.offset + target, host: now, rate: rate)
        return true
    }

    /// A member's catch-up seek landed and it is ready: its clock starts where the group is now,
    /// without waiting for the others (they play).
    mutating func groupCaughtUp(_ now: HostTime) -> Bool {
        guard let place = groupCatchUp, let seg = segments.first else { return false }
        groupCatchUp = nil
        clock = PresentationClock(media: seg.offset + groupTime(from: place, now), host: now, rate: rate)
        return true
    }
}
