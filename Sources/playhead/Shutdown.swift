import Playhead
import PlayheadALSA
import PlayheadKMS
import PlayheadSys

/// The one way out, in order: no more input, the engine stopped with every source closed, the
/// screen put back as it was, the sound drained or dropped, the signal watcher last. Running
/// it again does nothing.
final class Shutdown: @unchecked Sendable {
    private let player: QueuePlayer
    private let drm: DRMVideoSink?
    private let alsa: ALSAAudioSink?
    private let signals: SignalWatcher?
    var controlFIFO: ControlFIFO?
    private var done = false

    init(player: QueuePlayer, drm: DRMVideoSink?, alsa: ALSAAudioSink?, signals: SignalWatcher?) {
        self.player = player
        self.drm = drm
        self.alsa = alsa
        self.signals = signals
    }

    /// `keepSound`: let what was written be heard (the queue ended) rather than cut it off.
    func run(keepSound: Bool) {
        guard !done else { return }
        done = true
        controlFIFO?.stop()
        player.shutdown()
        drm?.close()
        if keepSound { alsa?.drain() }
        alsa?.close()
        signals?.stop()
    }
}
