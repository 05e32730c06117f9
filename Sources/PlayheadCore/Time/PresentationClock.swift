/// Maps host time to media time: `media = anchorMedia + (host - anchorHost) * rate`.
///
/// The engine re-anchors whenever the rate changes, a seek lands or playback stalls, so the
/// mapping is always a straight line from the last anchor; nothing accumulates error.
public struct PresentationClock: Sendable, Equatable {
    public private(set) var anchorMedia: MediaTime
    public private(set) var anchorHost: HostTime
    public private(set) var rate: PlaybackRate

    public init(media: MediaTime = .zero, host: HostTime = .zero, rate: PlaybackRate = .paused) {
        self.anchorMedia = media
        self.anchorHost = host
        self.rate = rate
    }

    public func mediaTime(at host: HostTime) -> MediaTime {
        if rate.isPaused { return anchorMedia }
        let elapsed = MediaTime(nanoseconds: host - anchorHost)
        return anchorMedia + elapsed.multiplied(by: rate.numerator, over: rate.denominator)
    }

    /// The host time at which `media` is reached at the current rate, or nil when paused or
    /// when the clock runs away from it.
    public func hostTime(for media: MediaTime) -> HostTime? {
        guard !rate.isPaused, media.isNumeric else { return nil }
        // In nanoseconds before scaling, so that half a 1/25 s tick is not rounded to a whole one.
        let delta = (media - anchorMedia).converted(to: 1_000_000_000)
            .multiplied(by: rate.denominator, over: rate.numerator)
        guard delta.isNumeric else { return nil }
        // Conversion truncates; the host time returned must be one at which `media` has been
        // reached, or a frame due then would look early and wait a whole extra pass.
        var host = anchorHost + delta.nanoseconds
        for _ in 0..<4 where rate.isReverse ? mediaTime(at: host) > media : mediaTime(at: host) < media {
            host = host + 1
        }
        return host
    }

    /// Keeps the media time continuous at `host` and changes the rate from there on.
    public mutating func setRate(_ newRate: PlaybackRate, at host: HostTime) {
        anchorMedia = mediaTime(at: host)
        anchorHost = host
        rate = newRate
    }

    /// Jumps to `media` at `host` (a seek, an item change, a stall recovery).
    public mutating func reset(media: MediaTime, host: HostTime) {
        anchorMedia = media
        anchorHost = host
    }
}
