import Glibc

/// One-line diagnostics on standard error, for the outputs' threads (the serial console shows
/// them on a board). One write(2) per line, so lines from threads do not interleave.
public enum Log {
    public static func warning(_ message: String) { line("playhead: warning: \(message)\n") }
    public static func info(_ message: String) { line("playhead: \(message)\n") }

    private static func line(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
