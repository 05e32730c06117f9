#if canImport(Glibc)
import Glibc
#endif

/// A filesystem path checked to fit a `sockaddr_un`, so that a path too long for the kernel is
/// refused with a reason instead of being cut silently to another name.
struct UnixSocketAddress: Sendable {
    /// `sun_path` holds 108 bytes on Linux, one of them the terminating NUL.
    static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    let path: String

    /// Nil when the path is empty, too long, or holds a NUL.
    init?(path: String) {
        let bytes = path.utf8
        guard !bytes.isEmpty, bytes.count <= Self.maxPathBytes, !bytes.contains(0) else { return nil }
        self.path = path
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
