/// What playhead's exit status tells a script (documented in docs/options.md, "Exit status").
public enum ExitStatus {
    /// Every item played to its end (or the queue was left empty from the console).
    public static let played: Int32 = 0
    /// The playlist ended and not one item could be played.
    public static let nothingPlayed: Int32 = 2
    /// An output failed for good, or could not be opened.
    public static let outputFailed: Int32 = 3
    /// The playlist ended; some items played and some failed.
    public static let someFailed: Int32 = 4
    /// Bad arguments or a bad options file.
    public static let usage: Int32 = 64
    /// 128 + N on signal N.
    public static func signal(_ n: Int32) -> Int32 { 128 + n }

    /// At the end of the playlist, from how many items ended well and badly.
    public static func atEnd(playedToEnd: Int, failed: Int) -> Int32 {
        if failed == 0 { return played }
        return playedToEnd == 0 ? nothingPlayed : someFailed
    }
}
