import PlayheadCore
import PlayheadSys
@testable import PlayheadKMS

/// A display for the present loop with no device: it records what it is asked, takes or
/// refuses commits as told, and flips a queued commit at the first vblank after it, moving the
/// virtual clock there. Its planes are words ("frame 40 in buffer 1").
final class FakePresentDriver: PresentDriver {
    enum Call: Equatable {
        case checkHotplug
        case follow(pts: Int64)
        case prepare(pts: Int64, buffer: Int)
        case draw(pts: Int64)
        case commit(String, buffer: Int?, capture: Bool)
        case waitForFlips
        case captured(Int32)
        case discarded(Int32)
    }

    let clock: VirtualClock
    let refresh: Int64
    /// The vblanks come a refresh apart from this one.
    let firstVblank: Int64
    private(set) var calls: [Call] = []
    /// How long each drawing takes, on the virtual clock.
    var drawNanoseconds: Int64 = 2_000_000
    var drawFailure: PlaybackError?
    /// Answers for the next commits, in order; once used up, commits are taken.
    var commitAnswers: [PresentCommit] = []
    /// False: a flip never comes (a stopped CRTC), and each wait runs out.
    var flipsCome = true
    /// Answers for the next hot-plug checks, in order; then nothing changes.
    var hotplugAnswers: [ScreenChange] = []
    private var queued: Int??
    private var nextTicket: Int32 = 100

    init(clock: VirtualClock, refresh: Int64) {
        self.clock = clock
        self.refresh = refresh
        firstVblank = clock.now().nanoseconds
    }

    var now: Int64 { clock.now().nanoseconds }

    /// The first vblank after `t`.
    func vblank(after t: Int64) -> Int64 { firstVblank + ((t - firstVblank) / refresh + 1) * refresh }

    func checkHotplug() -> ScreenChange {
        calls.append(.checkHotplug)
        return hotplugAnswers.isEmpty ? .none : hotplugAnswers.removeFirst()
    }

    func follow(_ frame: VideoFrame) -> ScreenChange {
        calls.append(.follow(pts: frame.pts.converted(to: 1000).value))
        return .none
    }

    func prepare(_ frame: VideoFrame, buffer: Int) -> String {
        let pts = frame.pts.converted(to: 1000).value
        calls.append(.prepare(pts: pts, buffer: buffer))
        return "frame \(pts) in buffer \(buffer)"
    }

    func draw(_ frame: VideoFrame, as plane: String) throws(PlaybackError) {
        calls.append(.draw(pts: frame.pts.converted(to: 1000).value))
        clock.advance(byNanoseconds: drawNanoseconds)
        if let drawFailure { throw drawFailure }
    }

    func commit(_ plane: String, buffer: Int?, capture: Bool) -> PresentCommit {
        calls.append(.commit(plane, buffer: buffer, capture: capture))
        if !commitAnswers.isEmpty { return commitAnswers.removeFirst() }
        queued = .some(buffer)
        guard capture else { return .queued(captureTicket: nil) }
        nextTicket += 1
        return .queued(captureTicket: nextTicket)
    }

    func waitForFlips(timeoutMilliseconds: Int32) -> [PresentFlip] {
        calls.append(.waitForFlips)
        guard let buffer = queued, flipsCome else {
            clock.advance(byNanoseconds: Int64(timeoutMilliseconds) * 1_000_000)
            return []
        }
        queued = nil
        let at = vblank(after: now)
        clock.advance(to: HostTime(nanoseconds: at))
        return [PresentFlip(buffer: buffer, vblankNanoseconds: at)]
    }

    func captured(_ ticket: Int32) -> MappedCanvas? {
        calls.append(.captured(ticket))
        return MappedCanvas(format: .xrgb8888, size: PixelSize(width: 4, height: 4), bytesPerPixel: 4)
    }

    func discardCapture(_ ticket: Int32) { calls.append(.discarded(ticket)) }

    var captureWaitMilliseconds: Int32 { 5000 }

    /// What was asked since the last look.
    func takeCalls() -> [Call] {
        defer { calls = [] }
        return calls
    }
}

/// A picture nobody looks at: the fake driver does not draw.
final class BlankPicture: VideoPicture {
    var size: PixelSize { PixelSize(width: 16, height: 16) }
    var pixelFormatName: String { "blank" }
    func digest() -> UInt64 { 0 }
    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {}
}
