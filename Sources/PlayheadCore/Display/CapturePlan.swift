/// Which shown frames are saved through writeback: every nth into a folder, and one screenshot.
public struct CapturePlan: Sendable {
    public var every = 0
    public var directory: String?
    public var screenshotPath: String?
    /// Set for a console screenshot: the folder it was reserved in.
    public var screenshotFolder: (any ScreenshotStore)?
    public var screenshotFrame = 0

    public init() {}

    public struct Target: Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let folder: (any ScreenshotStore)?
        /// One of the every-nth frames: losing one is not worth a line; a screenshot is.
        public let isSeries: Bool

        public init(path: String, folder: (any ScreenshotStore)?, isSeries: Bool = false) {
            self.path = path
            self.folder = folder
            self.isSeries = isSeries
        }

        public static func == (a: Target, b: Target) -> Bool {
            a.path == b.path && a.folder.map(ObjectIdentifier.init) == b.folder.map(ObjectIdentifier.init)
        }

        public var description: String { path }
    }

    /// The screenshot asked for, taken now whatever the frame (the screen stands still).
    public mutating func takeScreenshot() -> Target? {
        guard let shot = screenshotPath else { return nil }
        defer { screenshotPath = nil; screenshotFolder = nil }
        return Target(path: shot, folder: screenshotFolder)
    }

    /// Where frame number `n` (counting from 1) goes, if anywhere. A screenshot is taken once.
    public mutating func target(forFrame n: Int, pts: MediaTime) -> Target? {
        if let shot = screenshotPath, n >= screenshotFrame {
            defer { screenshotPath = nil; screenshotFolder = nil }
            return Target(path: shot, folder: screenshotFolder)
        }
        guard every > 0, let directory, n % every == 0 else { return nil }
        let ms = pts.converted(to: 1000).value
        let digits = String(ms)
        return Target(path: "\(directory)/frame-\(String(repeating: "0", count: max(0, 6 - digits.count)))\(digits).ppm", folder: nil, isSeries: true)
    }
}
