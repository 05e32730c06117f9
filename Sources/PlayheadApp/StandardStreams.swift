#if canImport(Glibc)
import Glibc
#endif

/// Line output for the command line: each line in one write(2), unbuffered, so scripts
/// reading a pipe see each event as it happens and lines from threads never interleave.
enum StandardStreams {
    static func out(_ line: String) { writeLine(line, to: 1) }
    static func error(_ line: String) { writeLine(line, to: 2) }

    /// Control characters escaped: standard output is often a terminal, and the lines quote
    /// file names and titles.
    private static func writeLine(_ line: String, to fd: Int32) {
        var bytes = Array((ControlCharacters.escaped(line, keepingNewlines: true) + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue } else { return } }
            offset += n
        }
    }
}
