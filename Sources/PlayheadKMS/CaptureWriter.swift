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
        enqueue(path, folder: folder) { [self] in
            let bytes = ppmHeader ? rgb : PNGEncoder.encode(width: width, height: height, rgb: rgb)
            write(bytes, to: path, folder: folder)
        }
    }

    /// Queues a screenshot of `picture` as decoded (no writeback to capture the composed
    /// screen): drawn upright, at most `largest` on either side, on this writer's thread.
    func save(picture: any VideoPicture, to path: String, folder: any ScreenshotStore) {
        enqueue(path, folder: folder) { [self] in
            let upright = picture.uprightSize
            // In the shape it is shown in: an anamorphic picture wider than stored.
            let size = Self.fitted(picture.uprightDisplaySize)
            let canvas = MappedCanvas(format: .xrgb8888, size: size, bytesPerPixel: 4)
            do throws(PlaybackError) {
                try picture.draw(PixelRect(size: upright), into: canvas, at: PixelRect(size: size))
            } catch {
                Log.warning("display: \(path): the picture on screen could not be drawn: \(error.message)")
                folder.abandon(path, because: "the picture on screen could not be drawn (\(error.message))")
                return
            }
            var rgb = [UInt8](repeating: 0, count: size.width * size.height * 3)
            canvas.copyRGB(into: &rgb, at: 0)
            write(PNGEncoder.encode(width: size.width, height: size.height, rgb: rgb), to: path, folder: folder)
        }
    }

    /// The largest side of a screenshot made from a picture: an 8K picture would be a 130 MB
    /// canvas for a page that shows it a few hundred pixels wide.
    static let largest = 1920

    static func fitted(_ size: PixelSize) -> PixelSize {
        let side = max(size.width, size.height)
        guard side > largest else { return size }
        return PixelSize(width: max(2, size.width * largest / side), height: max(2, size.height * largest / side))
    }

    /// Runs `work` on the writer's thread, unless `limit` captures already wait: then the
    /// capture is dropped (and said to whoever waits for it).
    private func enqueue(_ path: String, folder: (any ScreenshotStore)?, _ work: @escaping @Sendable () -> Void) {
        let taken = waiting.withLock { n -> Bool in
            guard n < Self.limit else { return false }
            n += 1
            return true
        }
        guard taken else {
            let why = "\(Self.limit) captures are still being written; \(path) is not saved"
            Log.warning("display: \(why)")
            folder?.abandon(path, because: why)
            return
        }
        queue.async { [self] in
            defer { waiting.withLock { $0 -= 1 } }
            work()
        }
    }

    private func write(_ bytes: [UInt8], to path: String, folder: (any ScreenshotStore)?) {
        do throws(PlaybackError) {
            if let folder { try folder.save(bytes, to: path) } else { try FileOutput.write(bytes, to: path) }
        } catch {
            Log.warning("display: \(error.message)")
        }
    }

    /// Writes what is queued, then ends the thread.
    func finish() { queue.finish() }
}
