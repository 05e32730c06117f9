import PlayheadCore
import PlayheadGPIO
import PlayheadSys
import PlayheadTestSupport
import Synchronization

/// A chip in memory: edges are queued by the test and the line's descriptor (an eventfd) turns
/// readable, as a real line's does; the chip can be unplugged and plugged again.
/// `calls` is signalled after each call the buttons' thread makes (the test's clock, its
/// callbacks and this chip), for tests that wait on that thread.
final class FakeGPIO: GPIOBackend, Sendable {
    struct State {
        var present = true
        var queued: [GPIOEdge] = []
        var lightLevels: [Bool] = []
        var requests = 0
        /// Looks for the chip (each open, and each retry while it is away).
        var lookups = 0
        var refuse: GPIOError?
    }
    let state = Mutex(State())
    let signal = WakeSignal()!
    let calls = Occurrences()

    func chips(values: Bool) -> [GPIOChipInfo] {
        defer { calls.signal() }
        guard state.withLock({ s in s.lookups += 1; return s.present }) else { return [] }
        return [GPIOChipInfo(name: "gpiochip0", label: "fake", path: "/dev/gpiochip0",
                             lines: [.init(offset: 0, name: "play", consumer: nil, isOutput: false),
                                     .init(offset: 1, name: "led", consumer: nil, isOutput: true)])]
    }

    func push(_ high: Bool, at t: Int64) {
        state.withLock { $0.queued.append(GPIOEdge(high: high, timestamp: t)) }
        signal.signal()
    }

    func requestEdges(chip: String, offset: Int, activeLow: Bool, bias: GPIOBias, consumer: String) throws(GPIOError) -> any GPIOEdgeLine {
        defer { calls.signal() }
        if let e = state.withLock({ s -> GPIOError? in s.requests += 1; return s.refuse }) { throw e }
        return Line(fake: self)
    }

    func requestOutput(chip: String, offset: Int, activeLow: Bool, initial: Bool, consumer: String) throws(GPIOError) -> any GPIOOutputLine {
        Light(fake: self)
    }

    final class Line: GPIOEdgeLine {
        let fake: FakeGPIO
        init(fake: FakeGPIO) { self.fake = fake }
        var descriptor: Int32 { fake.signal.descriptor }
        func level() throws(GPIOError) -> Bool { false }
        func readEdges() throws(GPIOError) -> [GPIOEdge] {
            defer { fake.calls.signal() }
            fake.signal.drain()
            let (present, edges) = fake.state.withLock { s in
                defer { s.queued = [] }
                return (s.present, s.queued)
            }
            guard present else { throw GPIOError(operation: "read edges", target: "/dev/gpiochip0 line 0", errno: .operationNotSupportedByDevice) }
            return edges
        }
    }

    final class Light: GPIOOutputLine {
        let fake: FakeGPIO
        init(fake: FakeGPIO) { self.fake = fake }
        func set(_ high: Bool) throws(GPIOError) {
            fake.state.withLock { $0.lightLevels.append(high) }
            fake.calls.signal()
        }
    }
}
