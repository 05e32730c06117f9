import Playhead
import PlayheadALSA
import PlayheadFFmpeg
import PlayheadKMS
import PlayheadSys
import PlayheadText
import Synchronization

/// The players of the layers other than the main one: each plays its own source (a playlist,
/// folder or file) in a loop, on its own layer; a heard layer's sound goes to the sound bus,
/// mixed with the main layer's. The console, the socket and the state follow the main layer's
/// player; `layer NAME ...` reaches the others (LayerPlayers+Control).
final class LayerPlayers: Sendable {
    struct Layer: Sendable {
        let name: String
        let player: QueuePlayer
        let heard: Bool
    }

    let layers: [Layer]
    /// The text layers, each drawn by its own thread.
    let texts: [(name: String, overlay: TextOverlay, line: String)]
    /// The subtitle layers, each drawn by its own thread.
    let subtitles: [(name: String, overlay: SubtitleOverlay)]
    let mainName: String
    /// Every shown layer's name, bottom first; a layer with nothing to play has no player.
    let names: [String]
    /// The screen the layers share, in `names`' order: shows and hides them.
    let display: DisplayController?
    /// Each grouped layer's group (`group=`), the main one's included.
    let groups: [String: String]

    /// A layer whose source has nothing to play says so and stays black. Nothing plays until
    /// `start`.
    /// `mainTitle`: the title of the item the main layer plays, for `title=` layers naming it.
    init(_ others: [OtherLayer], mainName: String, names: [String], display: DisplayController?, backend: FFmpegBackend, settings: Settings,
         groups: [String: String] = [:], mainTitle: @escaping @Sendable () -> String? = { nil }, mainPlayer: Player? = nil) {
        self.mainName = mainName
        self.groups = groups
        self.names = names
        self.display = display
        var players: [Layer] = []
        for layer in others {
            let spec = layer.spec, sink = layer.sink
            guard spec.content == .media || spec.content == .image else { continue }
            let items = PlaylistLoader(arguments: [spec.source]).expand { AppLog.warning("layer \(spec.name): \($0)") }
            guard !items.isEmpty else {
                AppLog.warning("layer \(spec.name): nothing to play in \(spec.source); the layer stays black")
                continue
            }
            let clock = MonotonicClock()
            var audio: any AudioSink = NullAudioSink(clock: clock)
            if let card = layer.card { audio = card }
            if let sound = layer.sound { audio = sound }
            var environment = PlaybackEnvironment(backend: backend, videoSink: sink, audioSink: audio, clock: clock,
                                                  sourceOptions: PlaybackSetup.sourceOptions(settings))
            PlaybackSetup.apply(settings, to: &environment)
            environment.startGroup = layer.startGroup
            environment.decodeBudget = layer.decodeBudget
            let player = QueuePlayer(environment: environment,
                                     items: items.map { PlayerItem(asset: Asset(url: $0.location, backend: backend),
                                                                  stillDuration: Self.stillDuration(spec, $0.duration), title: $0.title) })
            let name = spec.name, count = items.count
            let failures = Mutex(0)
            // Its events are nobody's to follow: what went wrong is said, the rest kept for debug.
            // A loop whose every item fails in a row would fail forever, as fast as it opens:
            // its queue is emptied, and the layer stays black.
            player.onEvent = { [weak player] event in
                switch event.kind {
                case .failedToPlayToEndTime(let error):
                    let all = failures.withLock { n in
                        n += 1
                        return n >= count
                    }
                    AppLog.warning("layer \(name): \(error.message)")
                    if all {
                        AppLog.warning("layer \(name): every item of \(spec.source) failed in a row; the layer stays black until playhead starts again")
                        player?.setLooping(false)
                        player?.removeAllItems()
                    }
                case .readyForDisplay, .didPlayToEndTime:
                    failures.withLock { $0 = 0 }
                    AppLog.debug("layer \(name): \(event)")
                case .itemRestarting, .playbackStalled, .playerStatusChanged(.failed, _):
                    AppLog.warning("layer \(name): \(event)")
                default:
                    AppLog.debug("layer \(name): \(event)")
                }
            }
            player.setLooping(true)
            let heard = layer.sound != nil || layer.card != nil
            player.isMuted = !heard
            // On a card of its own its level is the player's volume; in the mix, the bus's gain.
            if layer.card != nil { player.volume = Float(spec.volume) }
            AppLog.info("layer \(spec.name): \(items.count) item(s) from \(spec.source) on \(sink.name)\(heard ? ", heard" : ", muted")")
            players.append(Layer(name: spec.name, player: player, heard: heard))
        }
        self.layers = players
        texts = Self.textOverlays(others, players: players, mainName: mainName, mainTitle: mainTitle)
        subtitles = SubtitleLayers.overlays(others, players: players, mainName: mainName, mainPlayer: mainPlayer)
    }

    /// The text layers, once the players whose titles they may show are made.
    private static func textOverlays(_ others: [OtherLayer], players: [Layer], mainName: String,
                                     mainTitle: @escaping @Sendable () -> String?) -> [(name: String, overlay: TextOverlay, line: String)] {
        var texts: [(name: String, overlay: TextOverlay, line: String)] = []
        for layer in others {
            let spec = layer.spec, sink = layer.sink
            let line: String
            var title: @Sendable () -> String? = { nil }
            switch spec.content {
            case .media, .image, .subtitles: continue
            case .text(let text), .clock(let text): line = text
            case .ticker(let path): line = "the lines of \(path)"
            case .title(let target):
                line = "the title of \(target)'s item"
                if target == mainName {
                    title = mainTitle
                } else if let player = players.first(where: { $0.name == target })?.player {
                    title = { [weak player] in player?.currentItem?.displayTitle }
                }
            }
            do {
                texts.append((spec.name, try TextOverlay(content: spec.content, style: spec.style, size: layer.size, sink: sink, title: title), line))
                AppLog.info("layer \(spec.name): text drawn at \(spec.style.pixelSize(height: layer.size.height, lines: TextOverlay.lineCount(spec.content))) pixels in \(spec.style.font) on \(sink.name)")
            } catch {
                AppLog.warning("layer \(spec.name): \(error.message); the layer stays clear")
            }
        }
        return texts
    }

    func start() {
        for layer in layers { layer.player.play() }
        for text in texts { text.overlay.start() }
        for s in subtitles { s.overlay.start() }
    }

    /// An overlay's picture stays until playhead stops: its item is shown for a day and then
    /// again (the longest a picture is shown for), so it is opened once a day, not every 10 s.
    static func stillDuration(_ spec: LayerSpec, _ seconds: Double?) -> MediaTime? {
        spec.isOverlay ? StillPicture.duration(seconds: 86_400) : StillPicture.duration(seconds: seconds)
    }

    /// Before the screen is put back: every layer's engine stopped with its sources closed.
    func shutdown() {
        for layer in layers { layer.player.shutdown() }
        for text in texts { text.overlay.stop() }
        for s in subtitles { s.overlay.stop() }
    }
}
