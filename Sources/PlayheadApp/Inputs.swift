import PlayheadSys
import ServiceLifecycle

/// The inputs the options ask for, each a session of the router and a service of the group.
struct Inputs {
    let settings: Settings
    let router: CommandRouter
    let console: SerialConsole?
    let panel: ButtonPanel
    let safeMode: Bool

    /// Whether someone can add to an empty playlist (so playhead may start with nothing).
    static func anyConfigured(_ settings: Settings) -> Bool {
        settings[AppOptions.socket] != nil || settings[AppOptions.control] != nil || consoleDevice(settings) != nil
    }

    /// The console's device: `auto` is standard input and output when both are a terminal.
    static func consoleDevice(_ settings: Settings) -> String? {
        switch settings[AppOptions.console] {
        case "off", "none": return nil
        case "auto": return Terminal.isTerminal(0) && Terminal.isTerminal(1) ? "stdio" : nil
        case "-": return "stdio"
        case let device: return device
        }
    }

    /// Opens the console now, so a bad device stops playhead at start with its reason.
    static func openConsole(_ settings: Settings) -> Result<SerialConsole?, AppFailure> {
        guard let device = consoleDevice(settings) else { return .success(nil) }
        do {
            return .success(try SerialConsole(device: device, baud: device == "stdio" ? nil : settings[AppOptions.consoleBaud]))
        } catch {
            return .failure(AppFailure(status: ExitStatus.usage, message: error.message))
        }
    }

    func open() -> Result<[any Service], AppFailure> {
        var services: [any Service] = []
        if let console {
            let format = settings[AppOptions.consoleFormat]
            let session = ControlSession(name: "console", format: format) { line in console.show(line) }
            let router = self.router
            router.register(session)
            services.append(InputService(name: "console", start: {
                console.start { line in router.handle(line: line, from: session) }
            }, stop: {
                router.unregister(session)
                console.stop()
            }))
        }
        if let path = settings[AppOptions.socket] {
            let socket: ControlSocket
            do { socket = try ControlSocket(path: path) } catch {
                return .failure(AppFailure(status: ExitStatus.usage, message: error.message))
            }
            let sessions = SocketSessions(router: router)
            services.append(InputService(name: "socket", start: {
                socket.start(onLine: { client, line in sessions.handle(line, from: client) },
                             onDisconnect: { client in sessions.drop(client) })
            }, stop: {
                socket.stop()
                sessions.dropAll()
            }))
        }
        if let path = settings[AppOptions.control] {
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
                fifo.start({ line in session.send(router.handle(line: line, from: session)) }, overlong: {
                    session.send("error: line longer than \(ControlFIFO.maxLineBytes) bytes; ignored")
                })
            }, stop: { fifo.stop() }))
        }
        switch panel.open(settings: settings, router: router, safeMode: safeMode) {
        case .failure(let failure): return .failure(failure)
        case .success(let buttons?):
            services.append(InputService(name: "gpio", start: { buttons.start() }, stop: { buttons.stop() }))
        case .success(nil): break
        }
        return .success(services)
    }
}
