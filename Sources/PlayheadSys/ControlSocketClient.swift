#if canImport(Glibc)
import Glibc
#endif
import Synchronization

extension ControlSocket {
    /// One connected program. `send` may be called from any thread: it never waits for the
    /// program to read. What the socket does not take at once waits in this client's buffer,
    /// which the socket's thread writes out as the program reads; a program that lets more than
    /// `maxOutboundBytes` pile up is disconnected, so a script that never reads can neither
    /// stall playback nor grow memory.
    public final class Client: Sendable, Identifiable, Hashable {
        /// Why a client was closed, for the log.
        enum CloseReason: Equatable {
            /// It closed, or a read or write failed (it went away).
            case gone
            /// It left more than `maxOutboundBytes` unread.
            case unread
            /// Every slot was taken, and it had been idle longest: it made room for a new one.
            case idle
            /// The socket was stopped.
            case stopped
        }

        private struct State {
            /// -1 once closed. Only the socket's thread closes it, so that a descriptor number
            /// is never reused under a poll still waiting on it.
            var fd: Int32
            var outbound = OutboundBuffer()
            /// Set when the client should go; the socket's thread then closes it.
            var closing: CloseReason?
        }

        /// Unique for the life of the socket, counting from 1 in order of connection.
        public let id: Int
        private let state: Mutex<State>

        init(id: Int, fd: Int32) {
            self.id = id
            state = Mutex(State(fd: fd))
        }

        /// False once the program has gone, been dropped, or the socket stopped.
        public var isConnected: Bool {
            state.withLock { $0.fd >= 0 && $0.closing == nil }
        }

        /// Queues `line` and a newline for the program; whatever the socket takes now is written
        /// at once. Does nothing once the client is disconnected. `line` should hold no newline:
        /// one would split it into two lines for the reader.
        public func send(_ line: String) {
            var bytes = Array(line.utf8)
            bytes.append(10)
            state.withLock { s in
                guard s.fd >= 0, s.closing == nil else { return }
                let wasEmpty = s.outbound.isEmpty
                s.outbound.append(bytes)
                // When bytes already wait, the socket is full: the thread writes them when it
                // drains, and writing now would only fail again.
                if wasEmpty { Self.flush(&s) }
                if s.outbound.count > ControlSocket.maxOutboundBytes {
                    s.outbound.removeAll()
                    s.closing = .unread
                }
            }
        }

        public static func == (a: Client, b: Client) -> Bool { a === b }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        // MARK: For the socket's thread

        /// The descriptor to poll and whether bytes wait to be written; nil once closing.
        var pollInterest: DescriptorPoll.Interest? {
            state.withLock { s in
                guard s.fd >= 0, s.closing == nil else { return nil }
                return DescriptorPoll.Interest(fd: s.fd, readable: true, writable: !s.outbound.isEmpty)
            }
        }

        /// Reads once; the caller owns `buffer`.
        func receive(into buffer: UnsafeMutableRawBufferPointer) -> UnixSocket.Outcome {
            state.withLock { s in
                guard s.fd >= 0 else { return .failed(.badFileDescriptor) }
                return UnixSocket.receive(s.fd, into: buffer)
            }
        }

        /// Writes what the socket takes now of the waiting bytes.
        func flush() {
            state.withLock { Self.flush(&$0) }
        }

        /// Asks for the client to be closed (unless it already is on its way out).
        func requestClose(_ reason: CloseReason) {
            state.withLock { s in
                if s.closing == nil { s.closing = reason }
            }
        }

        /// Why the client should go, if it should.
        var closeRequest: CloseReason? { state.withLock { $0.closing } }

        /// Closes the descriptor and drops the waiting bytes; true the first time.
        @discardableResult
        func closeDescriptor(_ reason: CloseReason) -> Bool {
            state.withLock { s in
                guard s.fd >= 0 else { return false }
                UnixSocket.close(s.fd)
                s.fd = -1
                s.outbound.removeAll()
                if s.closing == nil { s.closing = reason }
                return true
            }
        }

        private static func flush(_ s: inout State) {
            while !s.outbound.isEmpty {
                switch s.outbound.withUnsentBytes({ UnixSocket.send(s.fd, $0) }) {
                case .done(let n):
                    s.outbound.consume(Int(n))
                case .wouldBlock:
                    return
                case .failed:
                    // EPIPE or ECONNRESET: the program is gone; what it did not read is moot.
                    s.outbound.removeAll()
                    if s.closing == nil { s.closing = .gone }
                    return
                }
            }
        }
    }
}
