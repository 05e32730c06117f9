import PlayheadCore

/// The one folder console screenshots go to, with names playhead makes (ScreenshotNames),
/// each file made anew (never through a link, never over a file already there) and shown
/// whole (written under a hidden name first), and the oldest removed beyond `keep`. Whoever
/// reserved a name can wait for its outcome.
public final class ScreenshotFolder: @unchecked Sendable {
    public let path: String
    public let keep: Int
    private let lock = ConditionLock()
    // Guarded by `lock`:
    /// The next number, found from the folder once.
    private var next: Int?
    /// How each reserved screenshot ended (nil: written), until it is asked for.
    private var outcomes: [String: String?] = [:]
    /// The settled names, oldest first: beyond `outcomesKept`, the oldest outcome nobody asked
    /// for is let go, never one that was settled a moment ago for whoever waits on it.
    private var settledOrder: [String] = []
    static let outcomesKept = 16

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
        let slash = file.lastIndex(of: "/").map { file.index(after: $0) } ?? file.startIndex
        let hidden = String(file[..<slash]) + "." + String(file[slash...]) + ".part"
        do throws(PlaybackError) {
            // Left over from a power cut, or put there: either way not ours to write through.
            FileOutput.remove(hidden)
            try FileOutput.write(bytes, to: hidden, exclusive: true)
            try FileOutput.publish(hidden, as: file)
        } catch {
            abandon(file, because: error.message)
            throw error
        }
        for old in ScreenshotNames.surplus(in: FileOutput.names(in: path) ?? [], keep: keep) {
            FileOutput.remove(path + "/" + old)
        }
        settle(file, nil)
    }

    public func abandon(_ file: String, because reason: String) { settle(file, reason) }

    /// Waits until the reserved `file` is written (nil) or abandoned (why), or the time runs
    /// out (a timeout message): a screen that shows nothing never captures.
    public func outcome(of file: String, waitingMilliseconds: Int) -> String? {
        let deadline = MonotonicClock().now().nanoseconds + Int64(waitingMilliseconds) * 1_000_000
        return lock.withLock { () -> String? in
            while true {
                if let done = outcomes.removeValue(forKey: file) { return done }
                guard lock.wait(untilMonotonic: deadline) else {
                    return "the screenshot \(file) was not taken within \(waitingMilliseconds / 1000) s; is the display showing pictures?"
                }
            }
        }
    }

    private func settle(_ file: String, _ reason: String?) {
        lock.withLock {
            settledOrder.removeAll { outcomes[$0] == nil }
            while settledOrder.count >= Self.outcomesKept { outcomes.removeValue(forKey: settledOrder.removeFirst()) }
            outcomes[file] = .some(reason)
            settledOrder.append(file)
            lock.broadcast()
        }
    }
}
