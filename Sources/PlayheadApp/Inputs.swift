import PlayheadSys
import ServiceLifecycle

/// The inputs the options ask for, each a session of the router and a service of the group.
struct Inputs {
    let settings: Settings
    let router: CommandRouter

    /// Whether someone can add to an empty playlist (so playhead may start with nothing).
    static func anyConfigured(_ settings: Settings) -> Bool {
        settings.string("socket") != nil || settings.string("control") != nil
    }

    func open() -> Result<[any Service], AppFailure> {
        var services: [any Service] = []
        if let path = settings.string("control") {
            let fifo: ControlFIFO
            do { fifo = try ControlFIFO(path: path) } catch {
                return .failure(AppFailure(status: ExitStatus.usage, message: error.message))
            }
            let session = ControlSession(name: "fifo", format: .text) { line in
                // Nobody reads a FIFO's answers: errors go to the log.
                if line.hasPrefix("error: ") { AppLog.warning("control: \(line.dropFirst(7))") }
            }
            let router = self.router
            services.append(InputService(name: "fifo", start: {
                fifo.start { line in session.send(router.handle(line: line, from: session)) }
            }, stop: { fifo.stop() }))
        }
        return .success(services)
    }
}
