import PlayheadCore

extension PlaybackCore {
    /// An opened item as the decode budget lets it play: whole; its key frames only (the
    /// source told now, its segment kept there); or not at all, failed with the budget's line.
    mutating func budgeted(_ item: PlayerItem, _ result: Result<any MediaSource, PlaybackError>) -> Result<any MediaSource, PlaybackError> {
        guard let member = ports.decodeBudget, case .success(let source) = result else { return result }
        switch member.share.admit(member.index, source.info, url: item.asset.url) {
        case .full:
            return result
        case .keyFramesOnly:
            source.setDecodeSkip(.nonKey)
            keyFramesOnly.insert(item)
            return result
        case .refused(let why):
            act(.close(source))
            return .failure(PlaybackError(.unsupportedCodec, "\(item.asset.url): \(why)"))
        }
    }
}
