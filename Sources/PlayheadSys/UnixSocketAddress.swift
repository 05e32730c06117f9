#if canImport(Glibc)
import Glibc
#endif

/// A filesystem path checked to fit a `sockaddr_un`, so that a path too long for the kernel is
/// refused with a reason instead of being cut silently to another name. Linux's abstract names
/// (no file; systemd hands `NOTIFY_SOCKET=@name` out) are written `@name`.
struct UnixSocketAddress: Sendable {
    /// `sun_path` holds 108 bytes on Linux, one of them the terminating NUL.
    static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    let path: String
    let isAbstract: Bool

    /// Nil when the path is empty, too long, or holds a NUL. `@name` is abstract only when
    /// asked for: elsewhere a leading `@` is an ordinary file name.
    init?(path: String, allowAbstract: Bool = false) {
        let bytes = path.utf8
        guard !bytes.isEmpty, bytes.count <= Self.maxPathBytes, !bytes.contains(0) else { return nil }
        self.path = path
        isAbstract = allowAbstract && path.hasPrefix("@")
        if isAbstract && bytes.count < 2 { return nil }
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // An abstract name starts with a NUL and is exactly as long as the length says.
        let name = isAbstract ? [0] + Array(path.utf8.dropFirst()) : Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: name)
        }
        let length = isAbstract
            ? MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count
            : MemoryLayout<sockaddr_un>.size
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }
}
