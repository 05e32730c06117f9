#if canImport(Glibc)
import Glibc
#endif
import PlayheadCore

/// The kernel's uevent broadcast (netlink), read without blocking. Boards have no udev daemon,
/// so hot-plug news comes straight from the kernel.
public final class UeventSocket: @unchecked Sendable {
    private let fd: Int32
    /// Reused by `drain`, which the display calls between every two frames.
    private var buffer = [UInt8](repeating: 0, count: 8192)

    /// Nil when the socket cannot be had (no netlink in a container): callers then go on
    /// without hot-plug news, after saying so.
    public init?() {
        let s = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 15 /* NETLINK_KOBJECT_UEVENT */)
        guard s >= 0 else { return nil }
        // struct sockaddr_nl (linux/netlink.h, not in Glibc's module): family, pad, pid, groups.
        var address = [UInt8](repeating: 0, count: 12)
        withUnsafeBytes(of: UInt16(AF_NETLINK)) { address.replaceSubrange(0..<2, with: $0) }
        withUnsafeBytes(of: UInt32(1)) { address.replaceSubrange(8..<12, with: $0) }  // the kernel's broadcast group
        let bound = address.withUnsafeBytes {
            bind(s, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        guard bound == 0 else { close(s); return nil }
        fd = s
    }

    deinit { close(fd) }

    /// Every uevent waiting now; empty when there is none.
    public func drain() -> [Uevent] {
        var events: [Uevent] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            if let e = Uevent.parse(Array(buffer[0..<n])) { events.append(e) }
        }
        return events
    }
}
