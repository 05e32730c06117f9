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

    /// Copies the captured pixels (the capture buffer is used again) and queues them: PPM for
    /// frame series (nothing to compute), PNG for screenshots.
    func save(_ canvas: MappedCanvas, to target: CapturePlan.Target) {
        let path = target.path
        let w = canvas.size.width, h = canvas.size.height
        let ppm = path.hasSuffix(".ppm")
        let header = ppm ? Array("P6\n\(w) \(h)\n255\n".utf8) : []
        var rgb = [UInt8](repeating: 0, count: header.count + w * h * 3)
        rgb.replaceSubrange(0..<header.count, with: header)
        canvas.copyRGB(into: &rgb, at: header.count)
        save(rgb: rgb, width: w, height: h, ppmHeader: ppm, to: path, folder: target.folder)
    }

    /// Queues one capture; `folder` set: a console screenshot reserved in that folder.
    func save(rgb: [UInt8], width: Int, height: Int, ppmHeader: Bool, to path: String, folder: (any ScreenshotStore)?) {
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
