#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dedicated OS thread for blocking work (demux, decode, device writes, the engine loop),
/// kept off Swift's cooperative pool so a blocked read never starves async code.
public final class WorkerThread: @unchecked Sendable {
    private final class Box {
        let name: String
        let body: () -> Void
        init(name: String, body: @escaping () -> Void) { self.name = name; self.body = body }
    }

    private var thread = pthread_t()
    public let name: String

    /// Starts `body` on a new thread at once.
    public init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        let box = Box(name: name, body: body)
        let context = Unmanaged.passRetained(box).toOpaque()
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        // Decoders recurse little; 1 MiB keeps eight threads cheap on a 1 GB board.
        pthread_attr_setstacksize(&attr, 1 << 20)
        let rc = pthread_create(&thread, &attr, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        pthread_attr_destroy(&attr)
        precondition(rc == 0, "could not start thread \(name): \(Sys.errorDescription(rc))")
    }

    /// Waits for the thread to return. Call once.
    public func join() {
        pthread_join(thread, nil)
    }
}
