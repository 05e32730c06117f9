/// Where a console screenshot is written: a folder that names its files and keeps only the
/// last few (PlayheadSys' ScreenshotFolder). It hears how each reserved screenshot ended, so
/// whoever asked for one (the HTTP API) can wait for it rather than poll the file.
public protocol ScreenshotStore: AnyObject, Sendable {
    func save(_ bytes: [UInt8], to file: String) throws(PlaybackError)
    /// A reserved screenshot that will not be written, and why.
    func abandon(_ file: String, because reason: String)
}
