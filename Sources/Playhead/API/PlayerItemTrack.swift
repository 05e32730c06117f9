/// One track of an item, which can be switched off while playing (AVPlayerItemTrack).
public final class PlayerItemTrack: Sendable {
    public let info: TrackInfo
    private unowned let item: PlayerItem

    init(info: TrackInfo, item: PlayerItem) {
        self.info = info
        self.item = item
    }

    public var mediaType: MediaType { info.mediaType }

    public var isEnabled: Bool {
        get { item.isEnabled(info.mediaType) }
        set { item.setEnabled(newValue, mediaType: info.mediaType) }
    }
}
