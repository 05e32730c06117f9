import Testing
@testable import PlayheadCore

/// Recorded edge sequences through the button machine: times in milliseconds, levels as the
/// kernel reports them after active-low.
@Suite struct ButtonMachineTests {
    static let ms: Int64 = 1_000_000
    let play = ButtonSpec(name: "play", ref: GPIOLineRef(chip: nil, line: .name("play")), press: "toggle")
    let volume = ButtonSpec(name: "up", ref: GPIOLineRef(chip: nil, line: .name("up")), press: "volume +0.05", repeats: true)
    let next = ButtonSpec(name: "next", ref: GPIOLineRef(chip: nil, line: .name("next")), press: "next", hold: "stop")
    let bell = ButtonSpec(name: "bell", ref: GPIOLineRef(chip: nil, line: .name("bell")),
                          press: "interruption begin", release: "interruption end")

    /// Feeds `edges` (ms, pressed) to button 0, then runs the clock to `until` ms, stepping to
    /// each deadline as a sleeping thread would; returns every action with its time in ms.
    func run(_ specs: [ButtonSpec], _ edges: [(Int, Int64, Bool)], until: Int64,
             timing: ButtonTiming = ButtonTiming()) -> [(Int64, ButtonAction)] {
        var m = ButtonMachine(specs: specs, timing: timing, pressed: specs.map { _ in false }, now: 0)
        var out: [(Int64, ButtonAction)] = []
        // Stable: edges within the same millisecond keep their order.
        var queue = edges.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
        var now: Int64 = 0
        while now <= until * Self.ms {
            let wake = [m.nextDeadline, queue.first.map { $0.1 * Self.ms }, (until + 1) * Self.ms].compactMap { $0 }.min()!
            guard wake <= until * Self.ms else { break }
            now = max(now, wake)
            if let e = queue.first, e.1 * Self.ms <= now {
                queue.removeFirst()
                out += m.edge(e.0, pressed: e.2, at: e.1 * Self.ms).map { (now / Self.ms, $0) }
            }
            out += m.advance(to: now).map { (now / Self.ms, $0) }
        }
        return out
    }

    @Test func tenEdgesWithinFiveMillisecondsAreOnePress() {
        var edges: [(Int, Int64, Bool)] = []
        for i in 0..<10 {
            let t: Int64 = 100 + Int64(i) / 2
            edges.append((0, t, i % 2 == 0))
        }
        edges.append((0, 105, true))
        edges.append((0, 400, false))
        let actions = run([play], edges, until: 1000)
        #expect(actions.map(\.1.command) == ["toggle"])
        // It counts once the last bounce has held for the debounce time.
        #expect(actions.first?.0 == 135)
        #expect(actions.first?.1.due == 105 * Self.ms)
    }

    @Test func aGlitchShorterThanTheDebounceIsNothing() {
        let actions = run([play], [(0, 100, true), (0, 110, false)], until: 1000)
        #expect(actions.isEmpty)
    }

    @Test func aPressJustLongerThanTheDebounceCounts() {
        let actions = run([play], [(0, 100, true), (0, 131, false)], until: 1000)
        #expect(actions.map(\.1.kind) == [.press])
    }

    @Test func aHoldGivesTheLongActionOnceAndNoShortOne() {
        let actions = run([next], [(0, 100, true), (0, 3000, false)], until: 4000)
        #expect(actions.map(\.1.command) == ["stop"])
        #expect(actions.first?.0 == 900)
    }

    @Test func aShortPressOfAHoldButtonGivesItsPressAtRelease() {
        let actions = run([next], [(0, 100, true), (0, 400, false)], until: 2000)
        #expect(actions.map(\.1.command) == ["next"])
        #expect(actions.first?.0 == 430)
    }

    @Test func aReleaseBouncingAroundTheHoldTimeIsDecidedByTheRelease() {
        // Let go at 790 ms (before the 800 ms hold), the release confirmed at 820: a short press.
        let actions = run([next], [(0, 0, true), (0, 790, false)], until: 2000)
        #expect(actions.map(\.1.command) == ["next"])
    }

    @Test func aHeldVolumeButtonRepeatsAtItsPaceAndStopsAtRelease() {
        // Down at 100, first at 130; repeats from 600 every 150 ms: 600, 750, 900, 1050; up at 1100.
        let actions = run([volume], [(0, 100, true), (0, 1100, false)], until: 3000)
        #expect(actions.map(\.1.kind) == [.press, .repeat, .repeat, .repeat, .repeat])
        #expect(actions.map(\.0) == [130, 600, 750, 900, 1050])
    }

    @Test func repeatPaceFollowsTheOptions() {
        let timing = ButtonTiming(debounceMs: 10, holdMs: 800, repeatDelayMs: 200, repeatIntervalMs: 100)
        let actions = run([volume], [(0, 0, true), (0, 505, false)], until: 2000, timing: timing)
        #expect(actions.map(\.0) == [10, 200, 300, 400, 500])
    }

    @Test func twoButtonsAtOnceAreIndependent() {
        let edges: [(Int, Int64, Bool)] = [(0, 100, true), (1, 105, true), (0, 102, false), (0, 103, true),
                                           (1, 1000, false), (0, 400, false)]
        let actions = run([play, next], edges, until: 2000)
        #expect(actions.map(\.1.command) == ["toggle", "stop"])
        #expect(actions.map(\.1.button) == [0, 1])
    }

    @Test func aWhileHeldInputBeginsAndEnds() {
        let actions = run([bell], [(0, 100, true), (0, 5000, false)], until: 6000)
        #expect(actions.map(\.1.command) == ["interruption begin", "interruption end"])
        #expect(actions.map(\.1.kind) == [.press, .release])
    }

    @Test func aButtonHeldAtStartDoesNothingUntilLetGo() {
        var m = ButtonMachine(specs: [next], timing: ButtonTiming(), pressed: [true], now: 0)
        #expect(m.advance(to: 5000 * Self.ms).isEmpty)
        #expect(m.edge(0, pressed: false, at: 6000 * Self.ms).isEmpty)
        #expect(m.advance(to: 7000 * Self.ms).isEmpty)
        // The next press is a press again.
        _ = m.edge(0, pressed: true, at: 8000 * Self.ms)
        _ = m.edge(0, pressed: false, at: 8200 * Self.ms)
        #expect(m.advance(to: 9000 * Self.ms).map(\.command) == ["next"])
    }

    @Test func aLateThreadDoesNotBurstRepeats() {
        var m = ButtonMachine(specs: [volume], timing: ButtonTiming(), pressed: [false], now: 0)
        _ = m.edge(0, pressed: true, at: 0)
        #expect(m.advance(to: 30 * Self.ms).map(\.kind) == [.press])
        // Asleep for five seconds: one repeat, not thirty.
        #expect(m.advance(to: 5000 * Self.ms).count == 1)
        #expect(m.nextDeadline == 5150 * Self.ms)
    }

    @Test func noDeadlineWhenNothingWaits() {
        var m = ButtonMachine(specs: [play], timing: ButtonTiming(), pressed: [false], now: 0)
        #expect(m.nextDeadline == nil)
        _ = m.edge(0, pressed: true, at: 10 * Self.ms)
        #expect(m.nextDeadline == 40 * Self.ms)
    }
}
