/// Where a console screenshot is written: a folder that names its files and keeps only the
/// last few (PlayheadSys' ScreenshotFolder).
public protocol ScreenshotStore: AnyObject, Sendable {
    func save(_ bytes: [UInt8], to file: String) throws(PlaybackError)
}
