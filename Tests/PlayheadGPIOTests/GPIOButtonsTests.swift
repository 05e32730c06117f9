import PlayheadCore
import PlayheadGPIO
import PlayheadSys
import Synchronization
import Testing

/// The buttons' thread against a fake chip: edges become commands, a chip that goes away is
/// said once and taken back, stop joins the thread. Times are the real monotonic clock; every
/// wait is bounded.
@Suite struct GPIOButtonsTests {
    final class Recorder: Sendable {
        let commands = Mutex<[String]>([])
        let logs = Mutex<[String]>([])
        let activity = Mutex(PlayerActivity.playing)
    }

    func make(_ fake: FakeGPIO, _ rec: Recorder, light: Bool = false) -> GPIOButtons {
        let map = GPIOMap(buttons: [ButtonSpec(name: "play", ref: GPIOLineRef(chip: nil, line: .name("play")), press: "toggle")],
                          light: light ? LightSpec(ref: GPIOLineRef(chip: nil, line: .name("led"))) : nil,
                          timing: ButtonTiming(debounceMs: 5))
        return GPIOButtons(map: map, backend: fake, clock: { MonotonicClock().now().nanoseconds },
                           activity: { rec.activity.withLock { $0 } },
                           perform: { action, _ in rec.commands.withLock { $0.append(action.command) } },
                           log: { line in rec.logs.withLock { $0.append(line) } })!
    }

    func waitUntil(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let end = MonotonicClock().now().nanoseconds + Int64(seconds * 1e9)
        while MonotonicClock().now().nanoseconds < end {
            if condition() { return true }
            MonotonicClock.sleep(milliseconds: 5)
        }
        return condition()
    }

    @Test func edgesBecomeOneCommandAndTheLatencyIsKept() {
        let fake = FakeGPIO(), rec = Recorder()
        let buttons = make(fake, rec)
        buttons.start()
        defer { buttons.stop() }
        #expect(waitUntil { buttons.report().first?.value == .string("ready") })
        let t = MonotonicClock().now().nanoseconds
        for i in 0..<7 { fake.push(i % 2 == 0, at: t + Int64(i) * 200_000) }
        #expect(waitUntil { rec.commands.withLock { $0 } == ["toggle"] })
        fake.push(false, at: MonotonicClock().now().nanoseconds)
        MonotonicClock.sleep(milliseconds: 50)
        #expect(rec.commands.withLock { $0 } == ["toggle"])
        let stats = buttons.statistics
        #expect(stats.actions["play press"] == 1 && stats.latencyCount == 1)
        // The debounce (5 ms) is part of what a press waits for.
        #expect(stats.latencyLast >= 5_000_000)
    }

    @Test func aChipThatGoesAwayIsSaidOnceAndTakenBack() {
        let fake = FakeGPIO(), rec = Recorder()
        let buttons = make(fake, rec)
        buttons.start()
        defer { buttons.stop() }
        #expect(waitUntil { buttons.report().first?.value == .string("ready") })
        fake.state.withLock { $0.present = false }
        fake.signal.signal()
        #expect(waitUntil { rec.logs.withLock { $0.count } >= 2 })
        MonotonicClock.sleep(milliseconds: 1200)
        let logs = rec.logs.withLock { $0 }
        // The loss, then the first failed retry (1 s later): each said once.
        #expect(logs.count == 2, "\(logs)")
        #expect(logs.first?.contains("the buttons wait for the chip") == true)
        fake.state.withLock { $0.present = true }
        #expect(waitUntil(8) { buttons.report().first?.value == .string("ready") })
        let t = MonotonicClock().now().nanoseconds
        fake.push(true, at: t)
        #expect(waitUntil { rec.commands.withLock { $0 } == ["toggle"] })
        #expect(buttons.statistics.reopenings == 1)
    }

    @Test func aRefusedRequestNamesTheFix() {
        let fake = FakeGPIO(), rec = Recorder()
        fake.state.withLock { $0.refuse = GPIOError(operation: "request for edges", target: "/dev/gpiochip0 line 0", errno: .invalidArgument) }
        let buttons = make(fake, rec)
        buttons.start()
        #expect(waitUntil { !rec.logs.withLock { $0 }.isEmpty })
        buttons.stop()
        let line = rec.logs.withLock { $0 }.first ?? ""
        #expect(line.contains("CONFIG_GPIO_CDEV_V1") && line.contains("libgpiod 2"), "\(line)")
    }

    @Test func theLightFollowsThePlayer() {
        let fake = FakeGPIO(), rec = Recorder()
        let buttons = make(fake, rec, light: true)
        buttons.start()
        defer { buttons.stop() }
        #expect(waitUntil { fake.state.withLock { $0.lightLevels.last } == true })
        rec.activity.withLock { $0 = .paused }
        #expect(waitUntil { fake.state.withLock { $0.lightLevels.last } == false })
        rec.activity.withLock { $0 = .error }
        // Fast blink: four changes within a second.
        let before = fake.state.withLock { $0.lightLevels.count }
        #expect(waitUntil(2) { fake.state.withLock { $0.lightLevels.count } >= before + 4 })
    }

    @Test func stopEndsTheThreadOnceAndReleasesTheLines() {
        let fake = FakeGPIO(), rec = Recorder()
        let buttons = make(fake, rec)
        buttons.start()
        #expect(waitUntil { buttons.report().first?.value == .string("ready") })
        buttons.stop()
        buttons.stop()
        fake.push(true, at: MonotonicClock().now().nanoseconds)
        MonotonicClock.sleep(milliseconds: 100)
        #expect(rec.commands.withLock { $0 }.isEmpty)
    }
}
