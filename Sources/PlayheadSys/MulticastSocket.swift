#if canImport(Glibc)
import Glibc
#endif

/// A UDP socket joined to an IPv4 multicast group: what a sync group's members say to each
/// other on one network segment. Non-blocking; read it when DescriptorPoll says so. The time
/// to live is 1 (the datagrams never leave the segment) and they loop back, so several players
/// on one board (one per screen) hear each other too.
public final class MulticastSocket: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let descriptor: Int32
    private var destination = sockaddr_in()
    private var buffer = [UInt8](repeating: 0, count: 2048)

    /// `group`: a dotted IPv4 multicast address (224.0.0.0/4); `interface`: the network
    /// interface to join it on (nil: the one the routing table picks).
    public init(group: String, port: UInt16, interface: String?) throws(Failure) {
        var address = in_addr()
        guard inet_pton(AF_INET, group, &address) == 1, (UInt32(bigEndian: address.s_addr) >> 28) == 0xE else {
            throw Failure(description: "\(group) is not an IPv4 multicast address (224.0.0.0 to 239.255.255.255)")
        }
        var index: UInt32 = 0
        if let interface {
            index = if_nametoindex(interface)
            guard index != 0 else { throw Failure(description: "there is no network interface \(interface)") }
        }
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no UDP socket: \(Sys.currentErrno)") }
        func fail(_ what: String) -> Failure {
            let failure = Failure(description: "\(what): \(Sys.currentErrno)")
            close(fd)
            return failure
        }
        var one: Int32 = 1
        // Every player on the board binds the same port.
        guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else { throw fail("SO_REUSEADDR") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_port = port.bigEndian
        local.sin_addr = address  // only the group's datagrams, not every one sent to the port
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw fail("UDP port \(port)") }
        var membership = ip_mreqn()
        membership.imr_multiaddr = address
        membership.imr_ifindex = Int32(index)
        guard setsockopt(fd, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &membership, socklen_t(MemoryLayout<ip_mreqn>.size)) == 0 else {
            throw fail("joining \(group)" + (interface.map { " on \($0)" } ?? "") + " (no multicast route? `ip route add 224.0.0.0/4 dev IFACE`)")
        }
        if index != 0 {
            guard setsockopt(fd, Int32(IPPROTO_IP), IP_MULTICAST_IF, &membership, socklen_t(MemoryLayout<ip_mreqn>.size)) == 0 else {
                throw fail("sending on \(interface ?? "")")
            }
        }
        var ttl: UInt8 = 1
        var loop: UInt8 = 1
        guard setsockopt(fd, Int32(IPPROTO_IP), IP_MULTICAST_TTL, &ttl, 1) == 0,
              setsockopt(fd, Int32(IPPROTO_IP), IP_MULTICAST_LOOP, &loop, 1) == 0 else { throw fail("multicast options") }
        descriptor = fd
        destination = local
    }

    deinit { close(descriptor) }

    /// False when the datagram could not be sent (no route, the interface down): the caller
    /// counts it; the next one is a quarter second away.
    public func send(_ bytes: [UInt8]) -> Bool {
        var to = destination
        let sent = withUnsafePointer(to: &to) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bytes.withUnsafeBytes { Glibc.sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT), address, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        return sent == bytes.count
    }

    /// The next datagram waiting (cut at 2 KiB, which no member sends), or nil when none is.
    public func receive() -> [UInt8]? {
        let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        guard n >= 0 else { return nil }
        return Array(buffer[0..<n])
    }
}
