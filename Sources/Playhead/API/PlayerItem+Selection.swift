/// Media selection (AVPlayerItem's select(_:in:) and currentMediaSelection): which sound track
/// plays and which subtitles show. A choice made before the item opens applies when it opens,
/// one made while it plays takes effect at the current time, and both hold through restarts.
extension PlayerItem {
    /// The item's sound and subtitle groups, once it is open (empty before).
    public var mediaSelectionGroups: [MediaSelectionGroup] {
        state.withLock { $0.info?.selectionGroups ?? [] }
    }

    public func mediaSelectionGroup(for characteristic: MediaCharacteristic) -> MediaSelectionGroup? {
        mediaSelectionGroups.first { $0.characteristic == characteristic }
    }

    public var currentMediaSelection: MediaSelection { state.withLock { $0.selection } }

    public func selectedMediaOption(in group: MediaSelectionGroup) -> MediaSelectionOption? {
        currentMediaSelection[group.characteristic]
    }

    /// Plays `option` of `group` (nil: no subtitles). Refused, with the item unchanged, for an
    /// option that is not the group's, and for no sound (mute, or turn the audio track off).
    public func select(_ option: MediaSelectionOption?, in group: MediaSelectionGroup) throws(SelectionRefusal) {
        if let option, !group.options.contains(option) {
            throw SelectionRefusal("\(option.description) is not one of this item's \(group.characteristic.consoleWord) options; `tracks` lists them")
        }
        if option == nil && !group.allowsEmptySelection {
            throw SelectionRefusal("sound always plays one track; mute it or turn the audio track off instead")
        }
        let handler = state.withLock { s -> (@Sendable (PlayerItem, MediaCharacteristic) -> Void)? in
            s.chosen.insert(group.characteristic)
            guard s.selection[group.characteristic] != option else { return nil }
            s.selection[group.characteristic] = option
            if group.characteristic == .audible && !s.chosen.contains(.legible) {
                s.selection = s.selection.subtitlesFollowingSound(in: s.info?.selectionGroups ?? [])
            }
            return s.selectionHandler
        }
        handler?(self, group.characteristic)
    }

    /// At open, from the probe's groups: what someone chose, where the item has it, and for the
    /// rest what `criteria` pick. Returns the selection to open with.
    func resolveSelection(groups: [MediaSelectionGroup], criteria: MediaSelectionCriteria) -> MediaSelection {
        let automatic = criteria.automaticSelection(for: groups)
        return state.withLock { s in
            var resolved = automatic
            for c in s.chosen {
                let group = groups.first { $0.characteristic == c }
                // A choice this item does not have (another file behind the same URL) gives
                // way to the automatic one.
                if let chosen = s.selection[c] {
                    if group?.option(trackID: chosen.trackID) == chosen { resolved[c] = chosen }
                } else if group?.allowsEmptySelection == true {
                    resolved[c] = nil
                }
            }
            s.selection = resolved
            return resolved
        }
    }

    /// The engine could not take the sound track chosen while playing: the item keeps playing
    /// `previous`.
    func revertSelection(_ characteristic: MediaCharacteristic, to previous: MediaSelectionOption?) {
        state.withLock { $0.selection[characteristic] = previous }
    }

    func setSelectionHandler(_ handler: (@Sendable (PlayerItem, MediaCharacteristic) -> Void)?) {
        state.withLock { $0.selectionHandler = handler }
    }
}
