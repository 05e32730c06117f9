import PlayheadCore

/// The current item's capabilities, held to: a refused rate or step changes nothing and says why
/// (`PlayerEvent.Kind.refused`).
extension PlaybackCore {
    /// What the current item allows; `.unknown` (nothing refused) before it is open.
    var capabilities: PlaybackCapabilities {
        segments.first.map { PlaybackCapabilities($0.source.info) } ?? .unknown
    }

    /// Paused, the picture `count` pictures away from the one on screen, by an exact seek to its
    /// time. The picture on screen gives the length of one: a clip whose pictures vary in length
    /// lands on the picture that covers that time.
    mutating func step(by count: Int) {
        guard let seg = segments.first else { return }
        if let refusal = capabilities.refusal(ofStep: count) {
            emit(.refused(refusal), item: seg.item, time: currentItemTime())
            return
        }
        guard let shown = onScreen, shown.item == seg.item, shown.end > shown.pts else {
            emit(.refused(CapabilityRefusal("step \(count) is refused: no picture of this item is on screen yet")),
                 item: seg.item, time: currentItemTime())
            return
        }
        if !rate.isPaused { handle(.setRate(.paused)) }
        let length = shown.end - shown.pts
        var target = shown.pts + length.multiplied(by: Int64(count))
        let duration = seg.source.info.duration
        if duration.isNumeric { target = .minimum(target, duration - length) }
        target = .maximum(target, .zero)
        handle(.seek(SeekRequest(target: target, toleranceBefore: .zero, toleranceAfter: .zero), completion: nil))
    }

    /// An item come up under a rate it cannot take (a live stream after a file played fast):
    /// the refusal says why, and it plays at 1.
    mutating func keepRateWithinCapabilities() {
        guard let seg = segments.first, let refusal = capabilities.refusal(of: rate) else { return }
        emit(.refused(refusal), item: seg.item, time: currentItemTime())
        setRate(.normal)
    }
}
