import Glibc
import Playhead
import PlayheadCore
import PlayheadFFmpeg
import Testing

/// Entries that are not media files never reach FFmpeg's blocking open: a FIFO (whose open
/// would wait for a writer for ever), device nodes, folders, and names that FFmpeg would read
/// as protocols.
@Suite(.timeLimit(.minutes(1))) struct HostileEntryTests {
    static func probeError(_ path: String) -> PlaybackError? {
        do {
            _ = try FFmpegBackend().probe(try MediaLocation(path), options: SourceOptions())
            return nil
        } catch {
            return error
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let path = "/tmp/ph-fifo-\(getpid())"
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let error = Self.probeError(path)
        #expect(error?.code == .notMedia)
        #expect(error?.message == "\(path): is a FIFO, not a media file; only regular files play (remove the entry)")
    }

    @Test func deviceNodesAndFoldersAreRefused() {
        #expect(Self.probeError("/dev/zero")?.message == "/dev/zero: is a character device, not a media file; only regular files play (remove the entry)")
        #expect(Self.probeError("/tmp")?.code == .notMedia)
    }

    @Test func aNameThatLooksLikeAProtocolIsRefusedOrAFileName() {
        // `pipe:0` would read standard input, `tcp:` would listen or connect: not locations.
        #expect(Self.probeError("pipe:0")?.code == .invalidLocation)
        #expect(Self.probeError("tcp:127.0.0.1:9?listen")?.code == .invalidLocation)
        #expect(Self.probeError("subfile,,start,0,end,0,,:/etc/passwd")?.code == .invalidLocation)
        // Written as a file, it is one (and this one is not there).
        #expect(Self.probeError("./pipe:0")?.code == .fileNotFound)
    }
}
