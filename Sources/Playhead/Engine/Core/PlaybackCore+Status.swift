extension PlaybackCore {
    /// The player is ready once its loop runs with working outputs, and fails for good when an
    /// output does: playback stops, and later play requests are refused (AVPlayer's rule: a
    /// failed player is replaced, not revived).
    mutating func checkOutputs(videoFailure: PlaybackError?) {
        guard status != .failed else { return }
        if let failure = videoFailure ?? ports.audioSink.failure {
            setRate(.paused)
            status = .failed
            error = failure
            emit(.playerStatusChanged(.failed, failure), item: segments.first?.item)
        } else if status == .unknown {
            status = .readyToPlay
            emit(.playerStatusChanged(.readyToPlay, nil), item: nil, time: .zero)
        }
    }
}
