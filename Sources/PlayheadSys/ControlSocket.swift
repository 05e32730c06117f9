#if canImport(Glibc)
import Glibc
#endif
import SystemPackage
import Synchronization

/// A local control socket: a Unix stream socket at a path (`/run/playhead.sock`) that scripts
/// connect to (`echo pause | nc -U /run/playhead.sock`), send command lines on and read reply
/// lines from. Local only, by design: who may connect is the file's owner, group and mode.
///
/// One thread accepts, reads and writes for every client (`ControlSocketLoop`); `onLine` runs on
/// it, one line at a time, in the order each client sent them. Replies go through
/// `Client.send`, which never waits for the reader.
public final class ControlSocket: Sendable {
    /// With this many connected, a new client takes the place of the longest idle one, which
    /// is told so in one line and closed.
    public static let maxClients = 16
    /// A longer line is dropped, and its sender told so in one line.
    public static let maxLineBytes = 64 << 10
    /// A client that leaves more than this unread is disconnected.
    public static let maxOutboundBytes = 1 << 20
    /// A longer reply is replaced by one error line: a quarter of what a client may leave
    /// unread, so one reply never gets a client that reads disconnected.
    public static let maxReplyBytes = 256 << 10

    public let path: String
    private let loop: ControlSocketLoop
    private let worker = Mutex<(thread: WorkerThread?, stopped: Bool)>((nil, false))

    /// Binds and listens at `path`, with the socket file's permission bits set to `mode`. A
    /// socket file left by a run that died is replaced; a live one, or any other file, is an
    /// error that names the path.
    public init(path: String, mode: UInt32 = 0o660) throws(ControlSocketError) {
        self.path = path
        guard let address = UnixSocketAddress(path: path) else {
            throw ControlSocketError(.badPath, "\(path): not a usable control socket path (at most \(UnixSocketAddress.maxPathBytes) bytes); name a shorter one")
        }
        try Self.removeStaleSocket(at: address)
        guard case .done(let fd) = UnixSocket.openStream() else {
            throw Self.systemError(Sys.currentErrno, "cannot make the control socket \(path)")
        }
        do throws(ControlSocketError) {
            if case .failed(let code) = UnixSocket.bind(fd, address) {
                throw Self.systemError(code, "cannot make the control socket \(path); check the folder exists and is writable")
            }
            // Before listen, so that nobody connects while the socket has the umask's bits.
            if case .failed(let code) = UnixSocket.chmod(path, mode) {
                _ = UnixSocket.unlink(path)
                throw Self.systemError(code, "cannot set the mode of the control socket \(path)")
            }
            guard case .socket(let device, let inode) = UnixSocket.status(ofPath: path) else {
                throw ControlSocketError(.system(.noSuchFileOrDirectory), "the control socket \(path) vanished as it was made; is another program cleaning that folder?")
            }
            if case .failed(let code) = UnixSocket.listen(fd, backlog: Int32(Self.maxClients)) {
                _ = UnixSocket.unlink(path)
                throw Self.systemError(code, "cannot listen on the control socket \(path)")
            }
            loop = ControlSocketLoop(listener: fd, path: path, device: device, inode: inode)
        } catch {
            UnixSocket.close(fd)
            throw error
        }
    }

    /// Starts the socket's thread. `onLine` gets each line without its newline (blank lines are
    /// skipped); `onDisconnect` gets each client once it has gone and been closed. Both run on
    /// the socket's thread: they must not wait long, and must not call `stop` and wait for it.
    /// A second call does nothing. Handlers that hold this socket keep it alive until `stop`.
    public func start(onLine: @escaping @Sendable (Client, String) -> Void,
                      onDisconnect: (@Sendable (Client) -> Void)? = nil) {
        worker.withLock { w in
            guard w.thread == nil, !w.stopped else { return }
            let loop = self.loop
            w.thread = WorkerThread(name: "ph-ctlsock") { loop.run(onLine: onLine, onDisconnect: onDisconnect) }
        }
    }

    /// Ends the thread, closes every client and the listening socket, and removes the socket
    /// file. May be called from any thread, any number of times. Called from `onLine` it only
    /// asks: the thread does the rest as it ends.
    public func stop() {
        let thread = worker.withLock { w in
            w.stopped = true
            return w.thread
        }
        let loop = self.loop
        thread?.stop { loop.requestStop() }
        if thread?.isCurrent == true { return }
        loop.release()
    }

    deinit { stop() }

    /// The clients connected now.
    public var clients: [Client] { loop.clients.withLock { $0 } }

    /// Sends `line` to every connected client that `include` accepts (those that asked for
    /// events, say).
    public func broadcast(_ line: String, where include: (Client) -> Bool = { _ in true }) {
        for client in clients where include(client) { client.send(line) }
    }

    /// A socket file at the path is stale when nothing answers on it: the run that made it died.
    private static func removeStaleSocket(at address: UnixSocketAddress) throws(ControlSocketError) {
        let path = address.path
        switch UnixSocket.status(ofPath: path) {
        case .missing:
            return
        case .other:
            throw ControlSocketError(.notASocket, "\(path) exists and is not a socket; remove it or name another control socket path")
        case .unreadable(let code):
            throw systemError(code, "cannot look at the control socket path \(path)")
        case .socket:
            break
        }
        guard case .done(let probe) = UnixSocket.openStream() else {
            throw systemError(Sys.currentErrno, "cannot check whether \(path) is in use")
        }
        let answer = UnixSocket.connect(probe, address)
        UnixSocket.close(probe)
        switch answer {
        case .done, .wouldBlock:
            throw ControlSocketError(.inUse, "\(path) is in use: another playhead is running with this control socket; stop it or name another path")
        case .failed(let code) where code == .connectionRefused || code == .noSuchFileOrDirectory:
            break
        case .failed(let code):
            throw systemError(code, "cannot check whether \(path) is in use")
        }
        if case .failed(let code) = UnixSocket.unlink(path), code != .noSuchFileOrDirectory {
            throw systemError(code, "cannot remove the stale control socket \(path)")
        }
    }

    private static func systemError(_ code: Errno, _ what: String) -> ControlSocketError {
        ControlSocketError(.system(code), "\(what): \(code)")
    }
}
