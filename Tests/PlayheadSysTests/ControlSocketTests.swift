import Glibc
@testable import PlayheadSys
import PlayheadTestSupport
import Synchronization
import SystemPackage
import Testing

/// The control socket with real sockets in a temporary folder, served by its real thread: there
/// is no loop to step. Disconnections are waited for through the socket's callback; replies
/// and the socket's own state, which no callback reports, by polling every 5 ms up to 20 s
/// (`SocketTestClient`, `eventually`) rather than blocking one of the test pool's two threads.
@Suite(.timeLimit(.minutes(1))) struct ControlSocketTests {
    /// Answers each line with "got <line>".
    static func startEcho(_ socket: ControlSocket, onDisconnect: (@Sendable (ControlSocket.Client) -> Void)? = nil) {
        socket.start(onLine: { client, line in client.send("got \(line)") }, onDisconnect: onDisconnect)
    }

    /// Whether `condition` came true before the deadline: for the socket's state, which no
    /// callback reports.
    static func eventually(within limit: Duration = .seconds(20), _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Descriptors of this process open on a socket bound at `path` (the listener and the
    /// connections it accepted, which carry its address), by inode: other suites open and
    /// close descriptors of their own meanwhile, so a plain count of /proc/self/fd would race.
    static func descriptors(boundAt path: String) -> [String] {
        let table = FileInput.readText("/proc/net/unix") ?? ""
        // Num RefCount Protocol Flags Type St Inode Path
        let inodes = Set(table.split(separator: "\n").compactMap { row -> Substring? in
            let fields = row.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count == 8 && fields[7] == path ? fields[6] : nil
        })
        var found: [String] = []
        guard let dir = opendir("/proc/self/fd") else { return ["no /proc/self/fd"] }
        defer { closedir(dir) }
        var target = [CChar](repeating: 0, count: 64)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let n = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            guard n > 0 else { continue }
            let link = String(decoding: target[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("socket:["), inodes.contains(link.dropFirst(8).dropLast()) { found.append(name) }
        }
        return found
    }

    /// Whether descriptor `fd` of this process is close-on-exec and non-blocking, from the
    /// octal flags in /proc/self/fdinfo.
    static func isCloseOnExecAndNonBlocking(_ fd: String) -> Bool {
        let info = FileInput.readText("/proc/self/fdinfo/\(fd)") ?? ""
        guard let row = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") }),
              let flags = Int(row.dropFirst(6).trimmingPrefix(while: \.isWhitespace), radix: 8) else { return false }
        return flags & Int(O_CLOEXEC) != 0 && flags & Int(O_NONBLOCK) != 0
    }

    static func mode(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }

    @Test func linesInOneWriteAndSplitAcrossWritesAreAnsweredInOrder() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        Self.startEcho(socket)
        let client = try SocketTestClient(path: socket.path)
        client.write("pause\nvolume 50\n")
        client.write("seek ")
        // Most likely read apart from its end (not a wait for anything: either way the lines
        // must come whole); LineFramerTests pin the split exactly.
        try await Task.sleep(for: .milliseconds(50))
        client.write("12.5\r\n")
        #expect(try await client.readLine() == "got pause")
        #expect(try await client.readLine() == "got volume 50")
        #expect(try await client.readLine() == "got seek 12.5")
    }

    @Test func socketFileHasTheModeAsked() throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        let mode = try #require(Self.mode(of: socket.path))
        #expect(mode & S_IFMT == S_IFSOCK)
        #expect(mode & 0o7777 == 0o660)
        let other = try ControlSocket(path: dir.file("ctl2"), mode: 0o600)
        defer { other.stop() }
        #expect(Self.mode(of: other.path).map { $0 & 0o7777 } == 0o600)
    }

    @Test func staleSocketFileIsReplaced() async throws {
        let dir = TemporaryDirectory()
        let path = dir.file("ctl")
        // What a run that died leaves: a socket file that nothing listens on.
        guard case .done(let fd) = UnixSocket.openStream() else { Issue.record("no socket"); return }
        #expect(UnixSocket.bind(fd, try #require(UnixSocketAddress(path: path))) == .done(0))
        UnixSocket.close(fd)
        #expect(Self.mode(of: path).map { $0 & S_IFMT } == S_IFSOCK)
        #expect(throws: SocketTestClient.Failure.self) { _ = try SocketTestClient(path: path) }

        // (tmpfs hands the freed inode number straight to the new socket: only a connection
        // tells the two apart.)
        let socket = try ControlSocket(path: path)
        defer { socket.stop() }
        Self.startEcho(socket)
        let client = try SocketTestClient(path: path)
        client.write("status\n")
        #expect(try await client.readLine() == "got status")
    }

    @Test func liveSocketIsInUseAndKeepsWorking() async throws {
        let dir = TemporaryDirectory()
        let first = try ControlSocket(path: dir.file("ctl"))
        defer { first.stop() }
        Self.startEcho(first)
        #expect {
            _ = try ControlSocket(path: first.path)
        } throws: { error in
            guard let error = error as? ControlSocketError else { return false }
            return error.reason == .inUse && error.message.contains(first.path) && error.message.contains("another playhead")
        }
        let client = try SocketTestClient(path: first.path)
        client.write("status\n")
        #expect(try await client.readLine() == "got status")
    }

    @Test func fileThatIsNotASocketIsAnErrorAndLeftAlone() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("ctl")
        let f = try #require(fopen(path, "w"))
        fputs("keep me\n", f)
        fclose(f)
        #expect {
            _ = try ControlSocket(path: path)
        } throws: { error in
            guard let error = error as? ControlSocketError else { return false }
            return error.reason == .notASocket && error.message.contains(path) && error.message.contains("remove it")
        }
        #expect(Self.mode(of: path).map { $0 & S_IFMT } == S_IFREG)
        #expect(FileInput.readText(path) == "keep me\n")
    }

    @Test func pathTooLongIsAnError() {
        let path = "/tmp/" + String(repeating: "p", count: 120)
        #expect {
            _ = try ControlSocket(path: path)
        } throws: { error in
            guard let error = error as? ControlSocketError else { return false }
            return error.reason == .badPath && error.message.contains(path)
        }
    }

    /// A system call's failure is carried as an Errno and said in its words.
    @Test func aFolderThatIsNotThereIsTheSystemsErrorInItsWords() {
        let dir = TemporaryDirectory()
        let path = dir.file("gone/ctl")
        #expect {
            _ = try ControlSocket(path: path)
        } throws: { error in
            guard let error = error as? ControlSocketError else { return false }
            return error.reason == .system(.noSuchFileOrDirectory)
                && error.message == "cannot make the control socket \(path); check the folder exists and is writable: No such file or directory"
        }
    }

    @Test func twoClientsAtOnceEachGetTheirOwnRepliesAndBroadcasts() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        let senders = Mutex<[String: Int]>([:])
        socket.start { client, line in
            senders.withLock { $0[line] = client.id }
            client.send("got \(line) from \(client.id)")
        }
        let a = try SocketTestClient(path: socket.path)
        let b = try SocketTestClient(path: socket.path)
        a.write("one\n")
        b.write("two\n")
        b.write("three\n")
        a.write("four\n")
        let aReplies = [try await a.readLine(), try await a.readLine()]
        let bReplies = [try await b.readLine(), try await b.readLine()]
        let ids = senders.withLock { $0 }
        let aID = try #require(ids["one"]), bID = try #require(ids["two"])
        #expect(aID != bID)
        #expect(aReplies == ["got one from \(aID)", "got four from \(aID)"])
        #expect(bReplies == ["got two from \(bID)", "got three from \(bID)"])
        #expect(socket.clients.map(\.id).sorted() == [aID, bID].sorted())

        socket.broadcast("{\"event\":\"ended\"}")
        socket.broadcast("only b", where: { $0.id == bID })
        #expect(try await a.readLine() == "{\"event\":\"ended\"}")
        #expect(try await b.readLine() == "{\"event\":\"ended\"}")
        #expect(try await b.readLine() == "only b")
        a.write("five\n")
        #expect(try await a.readLine() == "got five from \(aID)")
    }

    @Test func clientClosingMidLineIsCleanedUpAndItsHalfLineDropped() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        let lines = Mutex<[String]>([])
        let gone = SharedValue<[Int]>([])
        socket.start(onLine: { client, line in
            lines.withLock { $0.append(line) }
            client.send("got \(line)")
        }, onDisconnect: { client in
            #expect(!client.isConnected)
            gone.update { $0.append(client.id) }
        })
        let quitter = try SocketTestClient(path: socket.path)
        #expect(try await Self.eventually { socket.clients.count == 1 })
        let server = try #require(socket.clients.first)
        quitter.write("pau")
        // Most likely read apart from the close (not a wait for anything: either way the half
        // line must be dropped).
        try await Task.sleep(for: .milliseconds(20))
        quitter.close()
        #expect(await gone.wait { $0 == [server.id] })
        #expect(!server.isConnected)
        #expect(socket.clients.isEmpty)
        server.send("into the void")  // harmless once gone

        let next = try SocketTestClient(path: socket.path)
        next.write("play\n")
        #expect(try await next.readLine() == "got play")
        #expect(lines.withLock { $0 } == ["play"])
    }

    @Test func halfClosedClientStillGetsItsReply() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        let gone = SharedValue(0)
        Self.startEcho(socket) { _ in gone.update { $0 += 1 } }
        let client = try SocketTestClient(path: socket.path)
        client.write("status\n")
        client.shutdownWrite()
        #expect(try await client.readLine() == "got status")
        // Two lines from another client, each answered before the next is sent: the second is
        // read on a later turn of the socket's loop than the first, and the turn that read the
        // first already saw the half-close, so it has been dealt with by then.
        let other = try SocketTestClient(path: socket.path)
        for n in 1...2 {
            other.write("ping \(n)\n")
            #expect(try await other.readLine() == "got ping \(n)")
        }
        #expect(gone.get == 0)
        socket.broadcast("still there")
        #expect(try await client.readLine() == "still there")
        client.close()
        #expect(await gone.wait { $0 == 1 })
    }

    @Test func overlongLineIsDroppedWithAnErrorReply() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        let lengths = Mutex<[Int]>([])
        socket.start { client, line in
            lengths.withLock { $0.append(line.utf8.count) }
            client.send("got \(line.prefix(10))")
        }
        let client = try SocketTestClient(path: socket.path)
        let long = String(repeating: "a", count: ControlSocket.maxLineBytes + 10)
        for start in stride(from: 0, to: long.utf8.count, by: 8192) {
            client.write(String(long.dropFirst(start).prefix(8192)))
        }
        client.write("\nping\n")
        #expect(try await client.readLine() == #"{"ok":false,"error":"line longer than 65536 bytes, dropped"}"#)
        #expect(try await client.readLine() == "got ping")
        #expect(lengths.withLock { $0 } == [4])
    }

    @Test func seventeenthClientTakesTheLongestIdleOnesPlace() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        Self.startEcho(socket)
        let clients = try (0..<ControlSocket.maxClients).map { _ in try SocketTestClient(path: socket.path) }
        #expect(try await Self.eventually { socket.clients.count == ControlSocket.maxClients })
        // All but the first say something, so the first is the longest idle whatever order
        // the connections were taken in.
        for c in clients.dropFirst() {
            c.write("ping\n")
            #expect(try await c.readLine() == "got ping")
        }
        let extra = try SocketTestClient(path: socket.path)
        #expect(try await clients[0].readLine()
            == #"{"ok":false,"error":"closed to make room for a new control client: all 16 slots were taken and this one was idle longest"}"#)
        #expect(try await clients[0].readLine() == nil)
        extra.write("ping\n")
        #expect(try await extra.readLine() == "got ping")
        #expect(socket.clients.count == ControlSocket.maxClients)
        clients.last?.write("pong\n")
        #expect(try await clients.last?.readLine() == "got pong")
    }

    @Test func descriptorsAreCloseOnExecAndStopClosesThemAndUnlinksThePath() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        Self.startEcho(socket)
        #expect(Self.descriptors(boundAt: socket.path).count == 1)
        let clients = try (0..<3).map { _ in try SocketTestClient(path: socket.path) }
        for c in clients { c.write("hi\n") }
        for c in clients { #expect(try await c.readLine() == "got hi") }
        let open = Self.descriptors(boundAt: socket.path)
        #expect(open.count == 4)
        #expect(open.allSatisfy(Self.isCloseOnExecAndNonBlocking))

        socket.stop()
        #expect(Self.descriptors(boundAt: socket.path) == [])
        #expect(UnixSocket.status(ofPath: socket.path) == .missing)
        #expect(socket.clients.isEmpty)
        for c in clients { #expect(try await c.drainUntilClosed()) }
        socket.stop()
        #expect(throws: SocketTestClient.Failure.self) { _ = try SocketTestClient(path: socket.path) }
    }

    @Test func stopFromAHandlerEndsTheSocket() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        socket.start { client, line in
            client.send("bye")
            if line == "quit" { socket.stop() }
        }
        let client = try SocketTestClient(path: socket.path)
        client.write("quit\n")
        #expect(try await client.readLine() == "bye")
        #expect(try await client.drainUntilClosed())
        #expect(try await Self.eventually { UnixSocket.status(ofPath: socket.path) == .missing })
        socket.stop()
    }

    @Test func clientThatNeverReadsIsDroppedWithoutStallingTheOthers() async throws {
        let dir = TemporaryDirectory()
        let socket = try ControlSocket(path: dir.file("ctl"))
        defer { socket.stop() }
        let flooded = SharedValue<ControlSocket.Client?>(nil)
        let gone = SharedValue<[Int]>([])
        socket.start(onLine: { client, line in
            guard line == "flood" else { return client.send("got \(line)") }
            // 4 MiB of replies to a reader that takes none: every send returns at once.
            let row = String(repeating: "x", count: 1023)
            for _ in 0..<4096 { client.send(row) }
            flooded.set(client)
        }, onDisconnect: { client in gone.update { $0.append(client.id) } })
        let sleeper = try SocketTestClient(path: socket.path)
        sleeper.write("flood\n")
        #expect(await flooded.wait { $0 != nil })
        let server = try #require(flooded.get)
        #expect(!server.isConnected)
        #expect(await gone.wait { $0 == [server.id] })

        let other = try SocketTestClient(path: socket.path)
        other.write("ping\n")
        #expect(try await other.readLine() == "got ping")
        // What the sleeper gets is at most what the socket held and the cap, then the end.
        #expect(try await sleeper.drainUntilClosed())
    }
}
