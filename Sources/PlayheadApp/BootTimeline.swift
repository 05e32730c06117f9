import PlayheadCore
import PlayheadSys
import Synchronization

/// The marks of this boot, gathered as playhead starts and told once on the console with the
/// first frame (`boot: kernel 1.20 s, ...`): what `make bench` and the image tests read to say
/// where a boot's seconds went. The early boot and rcS write their marks (init's start among
/// them) to `/run/boot-marks` (root's: playhead only reads it); the kernel gives playhead's start.
final class BootTimeline: Sendable {
    static let scriptMarksPath = "/run/boot-marks"
    private let marks: Mutex<[BootBreakdown.Mark: Double]>
    private let clock: @Sendable () -> Double

    /// `clock`: seconds on the kernel's boot-time clock, which its start times and /proc/uptime
    /// (the scripts' marks) use.
    init(clock: @escaping @Sendable () -> Double = { ProcessStartTime.now() }) {
        var known: [BootBreakdown.Mark: Double] = [:]
        if case .text(let text) = FileInput.read(Self.scriptMarksPath, limit: 4096) {
            known = BootBreakdown.scriptMarks(text)
        }
        // PID 1's own start time is when the kernel made its thread, before the kernel's own
        // set-up (2 s under emulation): the first script's mark, when there is one, is when
        // init's program really began.
        if known[.initStarted] == nil { known[.initStarted] = ProcessStartTime.seconds(pid: 1) }
        known[.playheadStarted] = ProcessStartTime.ofThisProcess()
        marks = Mutex(known)
        self.clock = clock
    }

    /// The first time only: a later open (the next item) is not the boot's.
    func mark(_ mark: BootBreakdown.Mark) {
        let now = clock()
        marks.withLock { m in if m[mark] == nil { m[mark] = now } }
    }

    var breakdown: BootBreakdown { BootBreakdown(marks: marks.withLock { $0 }) }
}
