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
