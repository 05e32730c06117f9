import PlayheadCore

extension PlaybackCore {
    /// An opened item as the decode budget lets it play: whole; its key frames only (the
    /// source told now, its segment kept there); or not at all, failed with the budget's line.
    mutating func budgeted(_ item: PlayerItem, _ result: Result<any MediaSource, PlaybackError>) -> Result<any MediaSource, PlaybackError> {
        guard let member = ports.decodeBudget, case .success(let source) = result else { return result }
        let (grant, share) = member.share.admit(member.index, source.info, url: item.asset.url)
        budgetShares[item] = share
        switch grant {
        case .full:
            return result
        case .keyFramesOnly:
            source.setDecodeSkip(.nonKey)
            keyFramesOnly.insert(item)
            return result
        case .refused(let why):
            budgetShares[item] = nil
            act(.close(source))
            return .failure(PlaybackError(.unsupportedCodec, "\(item.asset.url): \(why)"))
        }
    }

    /// The member's share is what its decoding items take: the current one's, or the next
    /// one's once it decodes ahead (both decode at once for a moment, the larger counts).
    mutating func syncBudgetShare() {
        guard let member = ports.decodeBudget else { return }
        let share = (segments + [decodingAhead].compactMap { $0 }).map(\.budgetShare).max() ?? 0
        guard share != budgetShareTaken else { return }
        budgetShareTaken = share
        member.share.decoding(member.index, share: share)
    }

    /// An opened item that will not play after all gives back what it reserved.
    mutating func dropBudgetShare(of item: PlayerItem) {
        guard let member = ports.decodeBudget, budgetShares.removeValue(forKey: item) != nil, budgetShares.isEmpty else { return }
        member.share.unreserve(member.index)
    }
}
