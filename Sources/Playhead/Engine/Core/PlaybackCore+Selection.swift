/// A choice in a playing item's selection groups: another sound track from the current time
/// (the picture goes on; the sound already with the device plays out), or other subtitles.
extension PlaybackCore {
    mutating func selectionChosen(_ item: PlayerItem, _ characteristic: MediaCharacteristic) {
        guard let i = segments.firstIndex(where: { $0.item == item }) else {
            // Not open: the choice applies when it opens.
            return
        }
        let selection = item.currentMediaSelection
        if characteristic == .audible {
            let seg = segments[i]
            guard let option = selection.audible, option.trackID != seg.audioTrackID else { return }
            // All of its sound is read: the choice applies when it plays again.
            guard !seg.audioStream.isReadToEnd else { return }
            let from = i == 0 ? currentItemTime() : .zero
            do throws(SelectionRefusal) {
                try seg.source.selectAudioTrack(option.trackID, from: from)
            } catch {
                let playing = seg.audioTrackID.flatMap { id in
                    seg.source.info.selectionGroups.first { $0.characteristic == .audible }?.option(trackID: id)
                }
                item.revertSelection(.audible, to: playing)
                emit(.selectionRefused(error), item: item)
                return
            }
            segments[i].audioTrackID = option.trackID
            // The old track's sound waiting here goes; the new one's comes from `from` on and
            // what lies before the sound already written is dropped as it comes.
            sound.remove(segment: seg.id)
        }
        emit(.mediaSelectionChanged(selection), item: item)
    }
}
