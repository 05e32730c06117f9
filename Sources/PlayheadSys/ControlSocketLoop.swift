import Synchronization

/// The control socket's thread and what it owns: the listening descriptor and the clients. It
/// accepts, reads, writes and closes, all on that one thread, in one poll loop; other threads
/// only queue bytes on a client (`Client.send`) or ask it to go.
final class ControlSocketLoop: Sendable {
    typealias LineHandler = @Sendable (ControlSocket.Client, String) -> Void
    typealias DisconnectHandler = @Sendable (ControlSocket.Client) -> Void

    /// What only the thread touches for one client.
    private struct Connection {
        let client: ControlSocket.Client
        var framer = LineFramer(limit: ControlSocket.maxLineBytes)
        /// The program shut its writing side (`nc -N`): it reads on, so it stays until it closes
        /// or a write fails.
        var readClosed = false
    }

    private let listener: Int32
    private let path: String
    /// The socket file as bound, so that the unlink at the end removes only ours.
    private let device: UInt64, inode: UInt64
    private let stopRequested = Atomic(false)
    private let released = Atomic(false)
    /// The connected clients, for `broadcast` from any thread; the thread adds and removes.
    let clients = Mutex<[ControlSocket.Client]>([])

    init(listener: Int32, path: String, device: UInt64, inode: UInt64) {
        self.listener = listener
        self.path = path
        self.device = device
        self.inode = inode
    }

    func requestStop() { stopRequested.store(true, ordering: .releasing) }

    /// Closes the listening socket and unlinks its path if it is still ours; once, from the
    /// thread's end or from `stop` when the thread never ran.
    func release() {
        guard released.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        UnixSocket.close(listener)
        if UnixSocket.status(ofPath: path) == .socket(device: device, inode: inode) {
            _ = UnixSocket.unlink(path)
        }
    }

    func run(onLine: LineHandler, onDisconnect: DisconnectHandler?) {
        var connections: [Connection] = []
        var slots = ControlSocketSlots(capacity: ControlSocket.maxClients)
        var nextID = 1
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var acceptFailed = false
        // Polled with a short timeout: a stop from another thread is seen within 100 ms, and so
        // is a client that another thread's `send` found gone or dropped.
        while !stopRequested.load(ordering: .acquiring) {
            // After a failed accept (out of descriptors), one turn without the listener: it
            // stays readable, and polling it would spin until a descriptor is freed.
            var interests = [DescriptorPoll.Interest(fd: listener, readable: !acceptFailed)]
            var polled: [Int] = []
            for (index, c) in connections.enumerated() {
                guard let interest = c.client.pollInterest else { continue }
                interests.append(DescriptorPoll.Interest(fd: interest.fd, readable: !c.readClosed, writable: interest.writable))
                polled.append(index)
            }
            let events = DescriptorPoll.wait(interests, milliseconds: 100)
            for (slot, index) in polled.enumerated() {
                service(&connections[index], events[slot + 1], &chunk, &slots, onLine)
            }
            acceptFailed = events[0].contains(.readable) && !accept(into: &connections, slots: &slots, nextID: &nextID)
            connections.removeAll { c in
                guard let reason = c.client.closeRequest else { return false }
                slots.remove(c.client.id)
                close(c.client, reason, onDisconnect)
                return true
            }
        }
        for c in connections { close(c.client, .stopped, onDisconnect) }
        release()
    }

    private func service(_ c: inout Connection, _ events: DescriptorPoll.Events, _ chunk: inout [UInt8],
                         _ slots: inout ControlSocketSlots, _ onLine: LineHandler) {
        if events.contains(.writable) { c.client.flush() }
        guard events.contains(.readable) else {
            // A hang-up with nothing left to read, or an error: the program is gone.
            if !events.isDisjoint(with: [.hangUp, .failed]) { c.client.requestClose(.gone) }
            return
        }
        // One read per turn: the poll is level-triggered, so more waiting is read next turn,
        // and one busy client cannot starve the others.
        switch chunk.withUnsafeMutableBytes({ c.client.receive(into: $0) }) {
        case .done(0):
            // Both sides shut is a hang-up; a shut writing side only is a half-close. An
            // unfinished line is dropped: it may have been cut short.
            if events.contains(.hangUp) { c.client.requestClose(.gone) } else { c.readClosed = true }
        case .done(let n):
            slots.touch(c.client.id)
            let lines = chunk.withUnsafeBytes { c.framer.append(UnsafeRawBufferPointer(rebasing: $0[..<Int(n)])) }
            for event in lines {
                guard c.client.isConnected else { break }
                switch event {
                case .line(let text):
                    if !text.allSatisfy(\.isWhitespace) { onLine(c.client, text) }
                case .overlong:
                    c.client.send(#"{"ok":false,"error":"line longer than \#(ControlSocket.maxLineBytes) bytes, dropped"}"#)
                }
            }
        case .wouldBlock:
            break
        case .failed:
            c.client.requestClose(.gone)
        }
    }

    /// False when accepting failed for a reason other than nobody waiting.
    private func accept(into connections: inout [Connection], slots: inout ControlSocketSlots, nextID: inout Int) -> Bool {
        // Bounded, so that a flood of connections still lets the clients' turn come.
        for _ in 0..<ControlSocket.maxClients * 2 {
            let fd: Int32
            switch UnixSocket.accept(listener) {
            case .done(let accepted): fd = accepted
            case .wouldBlock: return true
            case .failed: return false
            }
            let client = ControlSocket.Client(id: nextID, fd: fd)
            nextID += 1
            // All slots taken: the longest idle client makes room (closed at the end of this
            // turn), rather than the newcomer being turned away while a forgotten session
            // holds a slot for ever.
            if case .admittedClosing(let idle) = slots.admit(client.id),
               let idlest = connections.first(where: { $0.client.id == idle })?.client {
                idlest.send(#"{"ok":false,"error":"closed to make room for a new control client: all \#(ControlSocket.maxClients) slots were taken and this one was idle longest"}"#)
                idlest.requestClose(.idle)
            }
            connections.append(Connection(client: client))
            clients.withLock { $0.append(client) }
        }
        return true
    }

    private func close(_ client: ControlSocket.Client, _ reason: ControlSocket.Client.CloseReason, _ onDisconnect: DisconnectHandler?) {
        let why = client.closeRequest ?? reason
        guard client.closeDescriptor(reason) else { return }
        clients.withLock { $0.removeAll { $0 === client } }
        if why == .unread {
            Log.warning("control client \(client.id) dropped: it left more than \(ControlSocket.maxOutboundBytes) bytes of replies unread")
        }
        if why == .idle {
            Log.warning("control client \(client.id) closed to make room for a new one: all \(ControlSocket.maxClients) slots were taken and it was idle longest")
        }
        onDisconnect?(client)
    }
}
