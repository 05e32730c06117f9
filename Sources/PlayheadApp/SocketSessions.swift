import PlayheadSys
import Synchronization

/// One router session per control-socket client, in JSON from the start (scripts read it).
final class SocketSessions: Sendable {
    private let router: CommandRouter
    private let sessions = Mutex<[Int: ControlSession]>([:])

    init(router: CommandRouter) { self.router = router }

    func handle(_ line: String, from client: ControlSocket.Client) {
        let session = sessions.withLock { all -> ControlSession in
            if let s = all[client.id] { return s }
            let s = ControlSession(name: "socket \(client.id)", format: .json) { [weak client] text in
                client?.send(ControlCharacters.escaped(text, keepingNewlines: true))
            }
            all[client.id] = s
            router.register(s)
            return s
        }
        let reply = Reply.bounded(router.handle(line: line, from: session), limit: ControlSocket.maxReplyBytes, format: session.format)
        client.send(ControlCharacters.escaped(reply, keepingNewlines: true))
    }

    func drop(_ client: ControlSocket.Client) {
        if let s = sessions.withLock({ $0.removeValue(forKey: client.id) }) { router.unregister(s) }
    }

    func dropAll() {
        for s in sessions.withLock({ all in defer { all.removeAll() }; return Array(all.values) }) { router.unregister(s) }
    }
}
