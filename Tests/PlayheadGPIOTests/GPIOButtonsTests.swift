import PlayheadCore
@testable import PlayheadGPIO
import PlayheadSys
import PlayheadTestSupport
import Synchronization
import Testing

/// The buttons' thread against a fake chip: edges become commands, a chip that goes away is
/// said once and taken back, stop joins the thread. The thread is real (it sleeps in poll on the
/// lines' descriptors), but its time is a virtual clock the test moves: debounce, back-off and
/// blinking take no real time. Each wait is for the thread's next calls (FakeGPIO.calls); a
/// pass of the thread wakes within 100 ms of real time, or at once for an edge.
@Suite(.timeLimit(.minutes(1))) struct GPIOButtonsTests {
    final class Rig: Sendable {
        let fake = FakeGPIO()
        let clock = VirtualClock()
        let commands = SharedValue<[String]>([])
        let logs = SharedValue<[String]>([])
        let activity = SharedValue(PlayerActivity.playing)
        let buttons: GPIOButtons

        init(light: Bool = false) {
            let map = GPIOMap(buttons: [ButtonSpec(name: "play", ref: GPIOLineRef(chip: nil, line: .name("play")), press: "toggle")],
                              light: light ? LightSpec(ref: GPIOLineRef(chip: nil, line: .name("led"))) : nil,
                              timing: ButtonTiming(debounceMs: 5))
            let fake = fake, clock = clock, commands = commands, logs = logs, activity = activity
            buttons = GPIOButtons(map: map, backend: fake,
                                  clock: {
                                      defer { fake.calls.signal() }
                                      return clock.now().nanoseconds
                                  },
                                  activity: { activity.get },
                                  perform: { action, _ in
                                      commands.update { $0.append(action.command) }
                                      fake.calls.signal()
                                  },
                                  log: { line in
                                      logs.update { $0.append(line) }
                                      fake.calls.signal()
                                  })!
        }

        var now: Int64 { clock.now().nanoseconds }

        /// Whether `condition` came true, checked after each call of the buttons' thread.
        func waitUntil(_ condition: () -> Bool) async -> Bool { await fake.calls.wait(until: condition) }

        var isReady: Bool { field("buttons") == "ready" }

        /// A field of the `gpio` report, as text.
        func field(_ name: String) -> String? {
            guard case .string(let text)? = buttons.report().first(where: { $0.name == name })?.value else { return nil }
            return text
        }

        /// Edges at `times` (alternately pressed and released, from `pressed`), read by the
        /// thread before the clock moves on: an edge read late counts from when it was read.
        func edges(from pressed: Bool, at times: [Int64]) async -> Bool {
            for (i, t) in times.enumerated() { fake.push(i % 2 == 0 ? pressed : !pressed, at: t) }
            return await waitUntil { fake.state.withLock { $0.queued.isEmpty } }
        }

        /// Moves the clock and wakes the thread (as an edge would) to look at it.
        func advance(byMilliseconds ms: Int64) { advance(to: now + ms * 1_000_000) }

        func advance(to time: Int64) {
            clock.advance(to: HostTime(nanoseconds: time))
            fake.signal.signal()
        }
    }

    @Test func edgesBecomeOneCommandAndTheLatencyIsKept() async {
        let rig = Rig()
        rig.buttons.start()
        defer { rig.buttons.stop() }
        #expect(await rig.waitUntil { rig.isReady })
        let t = rig.now
        // A bouncing contact: seven edges 0.2 ms apart, ending pressed.
        #expect(await rig.edges(from: true, at: (0..<7).map { t + Int64($0) * 200_000 }))
        #expect(rig.commands.get.isEmpty, "pressed before the debounce")
        rig.advance(byMilliseconds: 10)
        #expect(await rig.waitUntil { rig.commands.get == ["toggle"] })
        // The release is one more level, not a second command.
        #expect(await rig.edges(from: false, at: [rig.now]))
        rig.advance(byMilliseconds: 10)
        #expect(await rig.waitUntil { rig.field("button play")?.contains(" released") == true })
        #expect(rig.commands.get == ["toggle"])
        let stats = rig.buttons.statistics
        #expect(stats.actions["play press"] == 1 && stats.latencyCount == 1)
        // The debounce (5 ms) is part of what a press waits for.
        #expect(stats.latencyLast >= 5_000_000)
    }

    @Test func aChipThatGoesAwayIsSaidOnceAndTakenBack() async {
        let rig = Rig()
        rig.buttons.start()
        defer { rig.buttons.stop() }
        #expect(await rig.waitUntil { rig.isReady })
        rig.fake.state.withLock { $0.present = false }
        rig.fake.signal.signal()
        #expect(await rig.waitUntil { rig.logs.get.count == 1 })
        // The first retry, a second later, fails as something new: said once.
        rig.advance(byMilliseconds: 1000)
        #expect(await rig.waitUntil { rig.logs.get.count == 2 })
        // The next, two seconds later, fails the same way: not said again.
        let lookups = rig.fake.state.withLock { $0.lookups }
        rig.advance(byMilliseconds: 2000)
        #expect(await rig.waitUntil { rig.fake.state.withLock { $0.lookups } > lookups })
        let logs = rig.logs.get
        #expect(logs.count == 2, "\(logs)")
        #expect(logs.first?.contains("the buttons wait for the chip") == true)
        // Back: taken at the next retry, four seconds on.
        rig.fake.state.withLock { $0.present = true }
        rig.advance(byMilliseconds: 4000)
        #expect(await rig.waitUntil { rig.isReady })
        #expect(await rig.edges(from: true, at: [rig.now]))
        rig.advance(byMilliseconds: 10)
        #expect(await rig.waitUntil { rig.commands.get == ["toggle"] })
        #expect(rig.buttons.statistics.reopenings == 1)
    }

    @Test func aRefusedRequestNamesTheFix() async {
        let rig = Rig()
        rig.fake.state.withLock { $0.refuse = GPIOError(operation: "request for edges", target: "/dev/gpiochip0 line 0", errno: .invalidArgument) }
        rig.buttons.start()
        #expect(await rig.waitUntil { !rig.logs.get.isEmpty })
        rig.buttons.stop()
        let line = rig.logs.get.first ?? ""
        #expect(line.contains("CONFIG_GPIO_CDEV_V1") && line.contains("libgpiod 2"), "\(line)")
    }

    @Test func theLightFollowsThePlayer() async {
        let rig = Rig(light: true)
        rig.buttons.start()
        defer { rig.buttons.stop() }
        let levels = { rig.fake.state.withLock { $0.lightLevels } }
        #expect(await rig.waitUntil { levels().last == true })
        rig.activity.set(.paused)
        #expect(await rig.waitUntil { levels().last == false })
        rig.activity.set(.error)
        #expect(await rig.waitUntil { rig.field("led")?.contains(" fast ") == true })
        // Fast blink: a change every 125 ms of the clock, four in half a second.
        for _ in 0..<4 {
            let before = levels().count
            rig.advance(to: LightPattern.fast.nextChange(after: rig.now)!)
            #expect(await rig.waitUntil { levels().count == before + 1 })
        }
        let blinks = levels().suffix(4)
        #expect(zip(blinks, blinks.dropFirst()).allSatisfy { $0 != $1 }, "\(levels())")
    }

    @Test func stopEndsTheThreadOnceAndReleasesTheLines() async {
        let rig = Rig()
        rig.buttons.start()
        #expect(await rig.waitUntil { rig.isReady })
        rig.buttons.stop()
        rig.buttons.stop()
        // Joined: no thread is left to read an edge.
        #expect(rig.buttons.worker.withLock { $0?.hasEnded } == true)
        rig.fake.push(true, at: rig.now)
        #expect(rig.commands.get.isEmpty)
    }
}
