import PlayheadCore
import PlayheadSys
import Synchronization

/// Encodes and writes captured screens on a thread of its own: a PNG of a 1080p screen is
/// several megabytes to checksum and write, which on the presenter's thread held the next
/// pictures back (and a slow or full disk held them for as long as it took).
final class CaptureWriter: Sendable {
    private let queue = SerialQueue(name: "ph-capture")
    private let waiting = Mutex(0)
    /// Captures waiting beyond this are dropped: memory stays bounded when the disk is slow.
    static let limit = 3

    /// Queues one capture; `folder` set: a console screenshot reserved in that folder.
    func save(rgb: [UInt8], width: Int, height: Int, ppmHeader: Bool, to path: String, folder: ScreenshotFolder?) {
        let taken = waiting.withLock { n -> Bool in
            guard n < Self.limit else { return false }
            n += 1
            return true
        }
        guard taken else {
            Log.warning("display: \(Self.limit) captures still being written; \(path) is not saved")
            return
        }
        queue.async { [self] in
            defer { waiting.withLock { $0 -= 1 } }
            let bytes = ppmHeader ? rgb : PNGEncoder.encode(width: width, height: height, rgb: rgb)
            do throws(PlaybackError) {
                if let folder { try folder.save(bytes, to: path) } else { try FileOutput.write(bytes, to: path) }
            } catch {
                Log.warning("display: \(error.message)")
            }
        }
    }

    /// Writes what is queued, then ends the thread.
    func finish() { queue.finish() }
}
