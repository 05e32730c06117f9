#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// The socket and path calls of the control socket and the syslog writer, one function per call,
/// so that no other file touches a C socket type. Every descriptor made here is close-on-exec
/// and non-blocking: the player never waits on a peer, and a child it might start one day
/// inherits none of them.
enum UnixSocket {
    /// What a call came to. Waiting would have been needed is an expected outcome, not an error.
    enum Outcome: Equatable {
        /// A descriptor (open, accept) or a byte count (send, receive; 0 is the end of the stream).
        case done(Int32)
        case wouldBlock
        case failed(Errno)
    }

    /// What is at a path, looked at without following a symbolic link.
    enum PathStatus: Equatable {
        case missing
        /// Device and inode, so that a later unlink removes this socket and not a newer one.
        case socket(device: UInt64, inode: UInt64)
        case other
        case unreadable(Errno)
    }

    static func openStream() -> Outcome { open(SOCK_STREAM) }
    static func openDatagram() -> Outcome { open(SOCK_DGRAM) }

    private static func open(_ type: __socket_type) -> Outcome {
        let fd = socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        return fd >= 0 ? .done(fd) : .failed(Sys.currentErrno)
    }

    static func bind(_ fd: Int32, _ address: UnixSocketAddress) -> Outcome {
        let rc = address.withSockaddr { Glibc.bind(fd, $0, $1) }
        return rc == 0 ? .done(0) : .failed(Sys.currentErrno)
    }

    /// On a non-blocking stream socket, a listener whose backlog is full answers `wouldBlock`.
    static func connect(_ fd: Int32, _ address: UnixSocketAddress) -> Outcome {
        let rc = address.withSockaddr { Glibc.connect(fd, $0, $1) }
        if rc == 0 { return .done(0) }
        let code = Sys.currentErrno
        return code == .resourceTemporarilyUnavailable || code == .nowInProgress ? .wouldBlock : .failed(code)
    }

    static func listen(_ fd: Int32, backlog: Int32) -> Outcome {
        Glibc.listen(fd, backlog) == 0 ? .done(0) : .failed(Sys.currentErrno)
    }

    private typealias Accept4 = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
    /// accept4 is a GNU call the Glibc module leaves out; looked up once, it makes the new
    /// descriptor close-on-exec atomically, with no window for a fork in another thread.
    private static let accept4: Accept4? = dlsym(dlopen(nil, RTLD_NOW), "accept4").map { unsafeBitCast($0, to: Accept4.self) }

    /// A connection waiting on a listening socket, made close-on-exec and non-blocking.
    static func accept(_ fd: Int32) -> Outcome {
        while true {
            let client: Int32
            if let accept4 {
                client = accept4(fd, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
            } else {
                client = Glibc.accept(fd, nil, nil)
                if client >= 0 {
                    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
                }
            }
            if client >= 0 { return .done(client) }
            let code = Sys.currentErrno
            if code == .interrupted { continue }
            return code == .resourceTemporarilyUnavailable || code == .wouldBlock ? .wouldBlock : .failed(code)
        }
    }

    /// Never blocks and never raises SIGPIPE: a peer that went away is `failed(.brokenPipe)`.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Outcome {
        while true {
            let n = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            if n >= 0 { return .done(Int32(n)) }
            let code = Sys.currentErrno
            if code == .interrupted { continue }
            return code == .resourceTemporarilyUnavailable || code == .wouldBlock ? .wouldBlock : .failed(code)
        }
    }

    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Outcome {
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if n >= 0 { return .done(Int32(n)) }
            let code = Sys.currentErrno
            if code == .interrupted { continue }
            return code == .resourceTemporarilyUnavailable || code == .wouldBlock ? .wouldBlock : .failed(code)
        }
    }

    static func close(_ fd: Int32) {
        // Linux frees the descriptor even when close reports EINTR: never retry it.
        _ = Glibc.close(fd)
    }

    static func status(ofPath path: String) -> PathStatus {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = Sys.currentErrno
            return code == .noSuchFileOrDirectory ? .missing : .unreadable(code)
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { return .other }
        return .socket(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func unlink(_ path: String) -> Outcome {
        Glibc.unlink(path) == 0 ? .done(0) : .failed(Sys.currentErrno)
    }

    static func chmod(_ path: String, _ mode: UInt32) -> Outcome {
        Glibc.chmod(path, mode_t(mode)) == 0 ? .done(0) : .failed(Sys.currentErrno)
    }
}
