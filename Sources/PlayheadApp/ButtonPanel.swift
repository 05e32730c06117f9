import Playhead
import PlayheadGPIO
import PlayheadSys
import Synchronization

/// The buttons and light of the options, once opened: the router's `gpio` reads them, the
/// inputs start and stop them.
final class ButtonPanel: Sendable {
    let backend: any GPIOBackend = SystemGPIO()
    private let buttons = Mutex<GPIOButtons?>(nil)

    var current: GPIOButtons? { buttons.withLock { $0 } }

    func report() -> ReplyValue { GPIOReport.describe(chips: backend.chips(values: true), buttons: current) }

    /// Checks the map against the chips there are and makes its thread (not started). A line
    /// that is not there is an error now, with what exists; in safe mode it is only logged,
    /// as safe mode must come up whatever the options say.
    func open(settings: Settings, router: CommandRouter, safeMode: Bool) -> Result<GPIOButtons?, AppFailure> {
        let map = GPIOOptions.map(settings)
        guard !map.isEmpty else { return .success(nil) }
        if case .failure(let e) = map.locate(in: backend.chips(values: false)) {
            guard safeMode else { return .failure(AppFailure(status: ExitStatus.usage, message: e.message)) }
            AppLog.warning("gpio: \(e.message); safe mode goes on without buttons")
            return .success(nil)
        }
        let session = ControlSession(name: "gpio", format: .text) { _ in }
        let made = GPIOButtons(map: map, backend: backend, clock: { MonotonicClock().now().nanoseconds },
                               activity: { router.activity() },
                               perform: { action, name in
                                   let reply = router.handle(line: action.command, from: session)
                                   let said = reply.hasPrefix("error: ") ? " (\(reply))" : ""
                                   AppLog.info("gpio: \(name) \(action.kind.rawValue): \(action.command)\(said)")
                               },
                               log: { AppLog.warning($0) })
        guard let made else { return .failure(AppFailure(status: ExitStatus.outputFailed, message: "gpio: out of file descriptors")) }
        buttons.withLock { $0 = made }
        return .success(made)
    }
}
