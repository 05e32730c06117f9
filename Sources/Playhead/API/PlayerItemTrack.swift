/// One track of an item, which can be switched off while playing (AVPlayerItemTrack). A sound
/// or subtitle track is enabled while it is the one selected (`currentMediaSelection`), so the
/// list says which plays after a switch; enabling one selects it.
public final class PlayerItemTrack: Sendable {
    public let info: TrackInfo
    private unowned let item: PlayerItem

    init(info: TrackInfo, item: PlayerItem) {
        self.info = info
        self.item = item
    }

    public var mediaType: MediaType { info.mediaType }

    public var isEnabled: Bool {
        get {
            let selection = item.currentMediaSelection
            switch info.mediaType {
            case .audio: return item.isEnabled(.audio) && (selection.audible.map { $0.trackID == info.trackID } ?? true)
            case .subtitle: return selection.legible?.trackID == info.trackID
            default: return item.isEnabled(info.mediaType)
            }
        }
        set {
            if info.mediaType == .audio || info.mediaType == .subtitle, let group = group, let option = group.option(trackID: info.trackID) {
                if newValue {
                    try? item.select(option, in: group)
                } else if info.mediaType == .subtitle {
                    if item.currentMediaSelection.legible == option { try? item.select(nil, in: group) }
                    return
                }
            }
            item.setEnabled(newValue, mediaType: info.mediaType)
        }
    }

    /// The selection group the track is an option of.
    private var group: MediaSelectionGroup? {
        item.mediaSelectionGroup(for: info.mediaType == .audio ? .audible : .legible)
    }
}
