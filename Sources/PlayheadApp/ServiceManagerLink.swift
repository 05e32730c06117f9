import Playhead
import PlayheadSys
import Synchronization

/// What the service manager (systemd, when it started playhead) and a person measuring boot
/// time learn: `READY=1` once the first picture is on screen (or, with no screen, once the
/// first item is ready), logged with the monotonic time it happened, which the kernel's own
/// timestamps share.
final class ServiceManagerLink: Sendable {
    private let notify: (@Sendable (String) -> Void)?
    private let waitsForPicture: Bool
    private let clock: @Sendable () -> Int64
    private let ready = Mutex(false)
    private let boot: BootTimeline?

    /// `notify` sends one message to the manager (nil: none started playhead); `boot`, when
    /// given, is told of the first item's open and is shown with the first frame.
    init(notify: (@Sendable (String) -> Void)?, waitsForPicture: Bool, boot: BootTimeline? = nil,
         clock: @escaping @Sendable () -> Int64 = { MonotonicClock().now().nanoseconds }) {
        self.notify = notify
        self.waitsForPicture = waitsForPicture
        self.boot = boot
        self.clock = clock
    }

    /// Looks at each of the player's events, in order; true for the one that made it ready.
    @discardableResult
    func observe(_ event: PlayerEvent) -> Bool {
        if case .itemStatusChanged(.readyToPlay) = event.kind { boot?.mark(.firstItemOpen) }
        let isFirst: Bool
        switch event.kind {
        case .readyForDisplay where waitsForPicture: isFirst = true
        case .itemStatusChanged(.readyToPlay) where !waitsForPicture: isFirst = true
        default: isFirst = false
        }
        guard isFirst, ready.withLock({ r in defer { r = true }; return !r }) else { return false }
        let at = clock()
        let what = waitsForPicture ? "first frame on screen" : "first item ready"
        AppLog.notice("\(what) at \(Self.seconds(at)) s since boot")
        if let boot {
            if waitsForPicture { boot.mark(.firstFrame) }
            AppLog.notice("boot: " + boot.breakdown.line)
        }
        notify?("READY=1\nSTATUS=playing")
        return true
    }

    /// Milliseconds kept: the kernel prints microseconds, and a boot is measured in seconds.
    static func seconds(_ nanoseconds: Int64) -> String {
        let ms = nanoseconds / 1_000_000
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
