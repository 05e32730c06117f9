import PlayheadCore
import Synchronization

/// A screenshot folder that keeps what it is told: the bytes saved, and why the others were not.
final class FakeScreenshotStore: ScreenshotStore {
    let saved = Mutex<[String: [UInt8]]>([:])
    let abandoned = Mutex<[String: String]>([:])
    func save(_ bytes: [UInt8], to file: String) throws(PlaybackError) { saved.withLock { $0[file] = bytes } }
    func abandon(_ file: String, because reason: String) { abandoned.withLock { $0[file] = reason } }
}
