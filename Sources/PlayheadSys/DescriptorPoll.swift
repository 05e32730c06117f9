#if canImport(Glibc)
import Glibc
#endif

/// One poll over several descriptors, for the threads that wait on more than one source (the
/// route monitor: inotify and each card's control device).
public enum DescriptorPoll {
    public enum Readiness: Sendable, Equatable {
        case idle, readable
        /// Error or hang-up: the other end is gone (a card unplugged); stop polling it, or the
        /// poll would return at once forever.
        case failed
    }

    /// What to wait for on one descriptor.
    public struct Interest: Sendable, Equatable {
        public let fd: Int32
        public let readable: Bool
        public let writable: Bool
        public init(fd: Int32, readable: Bool = true, writable: Bool = false) {
            self.fd = fd
            self.readable = readable
            self.writable = writable
        }
    }

    /// What one descriptor is ready for. `hangUp` and `failed` come whether asked for or not.
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: 1)
        public static let writable = Events(rawValue: 2)
        /// The peer closed: what it sent before may still be readable.
        public static let hangUp = Events(rawValue: 4)
        /// An error on the descriptor, or not a descriptor at all.
        public static let failed = Events(rawValue: 8)
    }

    /// Waits up to `milliseconds` for any of `interests` to be ready (a socket's clients: to
    /// read requests and to write replies a full buffer held back); one answer per interest,
    /// in order.
    public static func wait(_ interests: [Interest], milliseconds: Int32) -> [Events] {
        var fds = interests.map { i in
            pollfd(fd: i.fd, events: Int16((i.readable ? POLLIN : 0) | (i.writable ? POLLOUT : 0)), revents: 0)
        }
        let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard n > 0 else { return Array(repeating: [], count: interests.count) }
        return fds.map { p in
            var events: Events = []
            if p.revents & Int16(POLLIN) != 0 { events.insert(.readable) }
            if p.revents & Int16(POLLOUT) != 0 { events.insert(.writable) }
            if p.revents & Int16(POLLHUP) != 0 { events.insert(.hangUp) }
            if p.revents & Int16(POLLERR | POLLNVAL) != 0 { events.insert(.failed) }
            return events
        }
    }

    /// Waits up to `milliseconds` for any of `descriptors` to be readable; one answer per
    /// descriptor, in order.
    public static func wait(_ descriptors: [Int32], milliseconds: Int32) -> [Readiness] {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard n > 0 else { return Array(repeating: .idle, count: descriptors.count) }
        return fds.map { p in
            if p.revents & Int16(POLLIN) != 0 { return .readable }
            if p.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .failed }
            return .idle
        }
    }
}
