@testable import PlayheadCore
import PlayheadSys
import Testing
@testable import PlayheadKMS

/// The flip trace's `arrived`: when the engine handed each picture over, so that a late picture
/// is put down to the engine (arrived after its time) or to the display (arrived in time,
/// committed late). Stepped on a virtual clock over the fake driver.
@Suite struct PresentLoopTraceTests {
    static let ms: Int64 = 1_000_000
    static let refresh: Int64 = 16_666_667
    let clock = VirtualClock()
    let driver: FakePresentDriver
    let loop: PresentLoop<FakePresentDriver>

    init() {
        driver = FakePresentDriver(clock: clock, refresh: Self.refresh)
        let machine = PresentMachine<String>(buffers: 3, refreshNanoseconds: Self.refresh, connected: true, canCapture: false,
                                             device: "/dev/dri/card9", trace: FlipTrace(path: "/unused"))
        loop = PresentLoop(driver: driver, machine: machine, clock: clock) { _, _ in }
    }

    var now: Int64 { clock.now().nanoseconds }

    func frame(_ ms: Int64, tag: UInt64 = 0) -> VideoFrame {
        var f = VideoFrame(pts: MediaTime(value: ms, timescale: 1000), duration: MediaTime(value: 40, timescale: 1000),
                           isKeyframe: true, picture: BlankPicture())
        f.displayTag = tag
        return f
    }

    func settleThroughWaits() {
        for _ in 0..<1000 {
            var step = loop.step()
            while step == .worked { step = loop.step() }
            guard case .idle(let until?) = step else { return }
            clock.advance(to: HostTime(nanoseconds: until))
        }
        Issue.record("the loop kept waiting")
    }

    /// Each trace line's fields, by kind ("flip", "late-drop").
    var lines: [(kind: String, fields: [String: String])] {
        (loop.state.trace?.text ?? "").split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            let fields = parts.dropFirst().map { $0.split(separator: "=", maxSplits: 1) }
            return (String(parts[0]), Dictionary(uniqueKeysWithValues: fields.map { (String($0[0]), String($0[1])) }))
        }
    }

    @Test func aFlipSaysWhenItsPictureArrived() {
        let start = now
        clock.advance(to: HostTime(nanoseconds: start + 5 * Self.ms))
        loop.present(frame(0, tag: 1), dueAt: HostTime(nanoseconds: start + 60 * Self.ms))
        clock.advance(to: HostTime(nanoseconds: start + 7 * Self.ms))
        settleThroughWaits()
        let flips = lines.filter { $0.kind == "flip" }
        #expect(flips.count == 1)
        #expect(flips.first?.fields["arrived"] == FlipTrace.seconds(start + 5 * Self.ms))
        #expect(flips.first?.fields["due"] == FlipTrace.seconds(start + 60 * Self.ms))
    }

    @Test func aLateDropSaysWhenItsPictureArrived() {
        loop.present(frame(0, tag: 1), dueAt: HostTime(nanoseconds: now + 40 * Self.ms))
        settleThroughWaits()
        let arrival = now
        // Due long before it came: dropped before its drawing, and traced with its arrival.
        loop.present(frame(40), dueAt: HostTime(nanoseconds: arrival - 100 * Self.ms))
        settleThroughWaits()
        let drops = lines.filter { $0.kind == "late-drop" }
        #expect(drops.count == 1)
        #expect(drops.first?.fields["arrived"] == FlipTrace.seconds(arrival))
    }
}
