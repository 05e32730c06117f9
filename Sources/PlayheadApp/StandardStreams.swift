import PlayheadSys

/// Line output for the command line, unbuffered, so scripts reading a pipe see each event as
/// it happens and lines from threads never interleave (StandardStream writes each whole).
enum StandardStreams {
    static func out(_ line: String) { StandardStream.output.write(escaped(line)) }
    static func error(_ line: String) { StandardStream.error.write(escaped(line)) }

    /// Control characters escaped: standard output is often a terminal, and the lines quote
    /// file names and titles.
    private static func escaped(_ line: String) -> String {
        ControlCharacters.escaped(line, keepingNewlines: true) + "\n"
    }
}
