/// The languages items choose their sound and subtitles in (AVPlayer's media selection
/// criteria; see `MediaSelectionCriteria.automaticSelection`).
extension Player {
    public var mediaSelectionCriteria: MediaSelectionCriteria {
        engine.selectionCriteria.withLock { $0 }
    }

    /// For the items opened from now on; the one playing keeps what it plays (select in its
    /// groups to change it).
    public func setMediaSelectionCriteria(_ criteria: MediaSelectionCriteria) {
        engine.selectionCriteria.withLock { $0 = criteria }
    }
}
