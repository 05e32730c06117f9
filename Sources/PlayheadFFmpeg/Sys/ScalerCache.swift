import CFFmpeg
import Synchronization

/// One libswscale context, reused while the sizes and formats stay the same. The lock covers
/// the conversion itself, not only the lookup: `sws_scale` works in the context's own scratch
/// buffers, and a drawer of another size would free the context (sws_getCachedContext) while
/// the first one still scales with it. Only the display's presentation thread draws today,
/// but a second drawer (a screenshot, a second output) must wait, not corrupt or crash.
final class ScalerCache: Sendable {
    static let shared = ScalerCache()
    private let context = Mutex<OpaquePointer?>(nil)

    deinit {
        context.withLock { sws_freeContext($0) }
    }

    /// Runs `convert` with a context from `src` to `dst` (width, height, format), holding the
    /// lock until it returns. False when libswscale cannot make such a conversion.
    func withContext(from src: (Int32, Int32, AVPixelFormat), to dst: (Int32, Int32, AVPixelFormat),
                     _ convert: (OpaquePointer) -> Void) -> Bool {
        context.withLock { cached in
            cached = sws_getCachedContext(cached, src.0, src.1, src.2, dst.0, dst.1, dst.2, SWS_FAST_BILINEAR, nil, nil, nil)
            guard let ready = cached else { return false }
            convert(ready)
            return true
        }
    }
}
