import Playhead
import PlayheadCore
import PlayheadFFmpeg
import PlayheadText

/// `subtitles=LAYER` layers: what each asks the player it follows, and how a track is read.
/// A track's key is the item's file and the chosen subtitle stream, so that choosing another
/// option, or the next item, loads anew.
enum SubtitleLayers {
    /// The chosen subtitle track of `player`'s item and where it is; nil when none is chosen.
    static func moment(of player: Player?) -> SubtitleMoment? {
        guard let player, let item = player.currentItem, let option = item.currentMediaSelection.legible,
              let location = item.location else { return nil }
        let time = player.currentTime()
        let milliseconds = time.value * 1000 / Int64(time.timescale)
        let track = option.file.map { key(file: $0) } ?? key(location: location, stream: option.trackID)
        let video = item.tracks.first { $0.mediaType == .video }?.info
        return SubtitleMoment(track: track, milliseconds: milliseconds, rate: player.rate,
                              videoSize: video?.naturalSize ?? .zero, videoPixelAspect: video?.pixelAspect ?? .square)
    }

    static func key(location: MediaLocation, stream: Int) -> String {
        "\(stream) \(location.scheme.rawValue) \(location.string)"
    }

    /// A subtitle file beside the item: read whole, its one stream.
    static func key(file: String) -> String { "-1 file \(file)" }

    /// The track a key names (on the subtitle layer's own thread): a film's own subtitle stream
    /// and its captions read as it plays; a file beside it read whole.
    static func load(_ key: String) -> Result<SubtitleSource, PlaybackError> {
        let parts = key.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, let stream = Int(parts[0]) else {
            return .failure(PlaybackError(.internalError, "a subtitle track named \(key) cannot be found"))
        }
        guard parts[1] == MediaLocation.Scheme.file.rawValue else {
            return .failure(PlaybackError(.unsupportedCodec, "\(parts[2]): subtitles are drawn for local files only so far"))
        }
        do {
            if let captions = CaptionKinds.source(ofTrack: stream) {
                return .success(.feed(try CaptionStreamFeed(path: parts[2], videoStream: captions.videoStream, service: captions.service)))
            }
            if stream >= 0 { return .success(.feed(try SubtitleStreamFeed(path: parts[2], stream: stream))) }
            return .success(.whole(try SubtitleFile.read(parts[2])))
        } catch {
            return .failure(error)
        }
    }

    /// A subtitle layer for each `subtitles=` layer, following the main player or the named
    /// layer's.
    static func overlays(_ others: [OtherLayer], players: [LayerPlayers.Layer], mainName: String,
                         mainPlayer: Player?) -> [(name: String, overlay: SubtitleOverlay)] {
        others.compactMap { layer in
            guard case .subtitles(let target) = layer.spec.content else { return nil }
            let followed: Player? = target == mainName ? mainPlayer : players.first { $0.name == target }?.player
            let overlay = SubtitleOverlay(size: layer.size, font: layer.spec.style.font, marginPercent: layer.spec.style.margin, sink: layer.sink,
                                          moment: { [weak followed] in moment(of: followed) }, load: load,
                                          log: { AppLog.warning("layer \(layer.spec.name): \($0)") },
                                          note: { AppLog.debug("layer \(layer.spec.name): \($0)") })
            AppLog.info("layer \(layer.spec.name): the subtitles chosen for \(target)'s items, drawn at \(layer.size) (text by libass, pictures where the stream puts them) on \(layer.sink.name)")
            return (layer.spec.name, overlay)
        }
    }
}
