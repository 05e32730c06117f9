import Playhead
import PlayheadFFmpeg
import PlayheadKMS
import PlayheadSys

/// The players of the layers other than the main one: each plays its own source (a playlist,
/// folder or file) in a loop, on its own layer, with no sound of its own in the card (mixing
/// several layers' sound is not built yet). The console, the socket and the state follow the
/// main layer's player only.
final class LayerPlayers: Sendable {
    private let players: [QueuePlayer]

    /// A layer whose source has nothing to play says so and stays black.
    init(_ layers: [(spec: LayerSpec, sink: DRMVideoSink)], backend: FFmpegBackend, settings: Settings) {
        var players: [QueuePlayer] = []
        for (spec, sink) in layers {
            let items = PlaylistLoader(arguments: [spec.source]).expand { AppLog.warning("layer \(spec.name): \($0)") }
            guard !items.isEmpty else {
                AppLog.warning("layer \(spec.name): nothing to play in \(spec.source); the layer stays black")
                continue
            }
            let clock = MonotonicClock()
            var environment = PlaybackEnvironment(backend: backend, videoSink: sink, audioSink: NullAudioSink(clock: clock), clock: clock,
                                                  sourceOptions: PlaybackSetup.sourceOptions(settings))
            PlaybackSetup.apply(settings, to: &environment)
            let player = QueuePlayer(environment: environment,
                                     items: items.map { PlayerItem(asset: Asset(url: $0.location, backend: backend)) })
            player.setLooping(true)
            player.isMuted = true
            player.play()
            AppLog.info("layer \(spec.name): \(items.count) item(s) from \(spec.source) on \(sink.name)")
            players.append(player)
        }
        self.players = players
    }

    /// Before the screen is put back: every layer's engine stopped with its sources closed.
    func shutdown() {
        for player in players { player.shutdown() }
    }
}
