import ServiceLifecycle
import UnixSignals

/// SIGTERM and SIGINT end the run with 128+N; SIGHUP reads the options file again.
struct SignalService: Service {
    let exit: ExitBox
    let reload: @Sendable () -> Void

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint, .sighup)
        for await signal in signals.cancelOnGracefulShutdown() {
            if signal == .sighup {
                reload()
                continue
            }
            exit.set(ExitStatus.signal(signal.rawValue))
            return
        }
    }
}
