import PlayheadCore

/// The one folder console screenshots go to, with names playhead makes (ScreenshotNames),
/// each file made anew (never through a link, never over a file already there), and the
/// oldest removed beyond `keep`.
public final class ScreenshotFolder: @unchecked Sendable {
    public let path: String
    public let keep: Int
    private let lock = ConditionLock()
    /// Guarded by `lock`: the next number, found from the folder once.
    private var next: Int?

    public init(path: String, keep: Int) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        self.keep = max(1, keep)
    }

    /// The path for the next screenshot; the folder is made when missing.
    public func reserve() throws(PlaybackError) -> String {
        try FileOutput.makeDirectory(path)
        let number = lock.withLock { () -> Int in
            let n = next ?? ScreenshotNames.next(after: FileOutput.names(in: path) ?? [])
            next = n + 1
            return n
        }
        return path + "/" + ScreenshotNames.name(number)
    }

    /// Writes a reserved screenshot and removes the oldest beyond the count.
    public func save(_ bytes: [UInt8], to file: String) throws(PlaybackError) {
        try FileOutput.write(bytes, to: file, exclusive: true)
        for old in ScreenshotNames.surplus(in: FileOutput.names(in: path) ?? [], keep: keep) {
            FileOutput.remove(path + "/" + old)
        }
    }
}
