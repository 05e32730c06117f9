import Playhead
import PlayheadALSA
import PlayheadKMS
import Synchronization

/// The engine and outputs' way out, in order, after the inputs have stopped: the engine stopped
/// with every source closed, the screen put back as it was, the sound drained or dropped.
/// Running it again does nothing.
final class Shutdown: Sendable {
    private let player: QueuePlayer
    private let layers: LayerPlayers?
    private let outputs: Outputs
    private let done = Atomic(false)

    init(player: QueuePlayer, layers: LayerPlayers?, outputs: Outputs) {
        self.player = player
        self.layers = layers
        self.outputs = outputs
    }

    /// `keepSound`: let what was written be heard (the queue ended) rather than cut it off.
    func run(keepSound: Bool) {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
        player.shutdown()
        layers?.shutdown()
        for card in outputs.layerCards {
            if keepSound { card.drain() }
            card.close()
        }
        outputs.drm?.close()
        // Every layer's sink, the display thread, and the screen put back once.
        outputs.display?.close()
        // The bus's thread ends before the card it writes to closes.
        if keepSound { outputs.bus?.drain() }
        if let bus = outputs.bus {
            bus.close()
            AppLog.info(bus.summary)
        }
        if keepSound { outputs.alsa?.drain() }
        outputs.alsa?.close()
        if let null = outputs.environment.videoSink as? NullVideoSink, let why = null.writeTrace() {
            AppLog.warning("flip-trace: \(why)")
        }
    }
}
