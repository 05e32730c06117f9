import PlayheadCore

/// Which shown frames are saved through writeback: every nth into a folder, and one screenshot.
struct CapturePlan {
    var every = 0
    var directory: String?
    var screenshotPath: String?
    var screenshotFrame = 0

    /// Where frame number `n` (counting from 1) goes, if anywhere. A screenshot is taken once.
    mutating func path(forFrame n: Int, pts: MediaTime) -> String? {
        if let shot = screenshotPath, n >= screenshotFrame {
            screenshotPath = nil
            return shot
        }
        guard every > 0, let directory, n % every == 0 else { return nil }
        let ms = pts.converted(to: 1000).value
        let digits = String(ms)
        return "\(directory)/frame-\(String(repeating: "0", count: max(0, 6 - digits.count)))\(digits).ppm"
    }
}
