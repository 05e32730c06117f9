/// Standard output and standard error, written a whole text at a time: one write(2) unless
/// the descriptor takes less (a terminal), so lines from threads never interleave and a script
/// reading a pipe sees each line as it is written.
public enum StandardStream: Sendable {
    case output
    case error

    /// Nothing is buffered, and nothing is reported when the stream is gone (see Sys.writeWhole).
    public func write(_ text: String) {
        Sys.writeWhole(text, to: self == .output ? 1 : 2)
    }
}
