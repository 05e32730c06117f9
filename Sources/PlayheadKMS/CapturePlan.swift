import PlayheadCore
import PlayheadSys

/// Which shown frames are saved through writeback: every nth into a folder, and one screenshot.
struct CapturePlan {
    var every = 0
    var directory: String?
    var screenshotPath: String?
    /// Set for a console screenshot: the folder it was reserved in.
    var screenshotFolder: ScreenshotFolder?
    var screenshotFrame = 0

    struct Target {
        let path: String
        let folder: ScreenshotFolder?
    }

    /// The screenshot asked for, taken now whatever the frame (the screen stands still).
    mutating func takeScreenshot() -> Target? {
        guard let shot = screenshotPath else { return nil }
        defer { screenshotPath = nil; screenshotFolder = nil }
        return Target(path: shot, folder: screenshotFolder)
    }

    /// Where frame number `n` (counting from 1) goes, if anywhere. A screenshot is taken once.
    mutating func target(forFrame n: Int, pts: MediaTime) -> Target? {
        if let shot = screenshotPath, n >= screenshotFrame {
            defer { screenshotPath = nil; screenshotFolder = nil }
            return Target(path: shot, folder: screenshotFolder)
        }
        guard every > 0, let directory, n % every == 0 else { return nil }
        let ms = pts.converted(to: 1000).value
        let digits = String(ms)
        return Target(path: "\(directory)/frame-\(String(repeating: "0", count: max(0, 6 - digits.count)))\(digits).ppm", folder: nil)
    }
}
