import PlayheadCore

/// One edge as the kernel stamped it: the logical level after it (active-low already applied)
/// and CLOCK_MONOTONIC nanoseconds.
public struct GPIOEdge: Sendable, Hashable {
    public let high: Bool
    public let timestamp: Int64
    public init(high: Bool, timestamp: Int64) {
        self.high = high
        self.timestamp = timestamp
    }
}

/// A line requested for edge events. Closing it (dropping the last reference) releases it.
public protocol GPIOEdgeLine: AnyObject {
    /// For poll: readable when edges wait.
    var descriptor: Int32 { get }
    /// The logical level now.
    func level() throws(GPIOError) -> Bool
    /// The edges waiting, oldest first; empty when none.
    func readEdges() throws(GPIOError) -> [GPIOEdge]
}

/// A line requested as an output (the status light).
public protocol GPIOOutputLine: AnyObject {
    func set(_ high: Bool) throws(GPIOError)
}

/// Everything playhead asks of the GPIO chips, so libgpiod 1 and 2 (and the tests' fake) can
/// stand behind it.
public protocol GPIOBackend: Sendable {
    /// The chips and their lines; with `values`, also the values of the lines that can be read
    /// without disturbing them (which takes each free input for a moment: `gpio` only).
    func chips(values: Bool) -> [GPIOChipInfo]
    func requestEdges(chip: String, offset: Int, activeLow: Bool, bias: GPIOBias, consumer: String) throws(GPIOError) -> any GPIOEdgeLine
    func requestOutput(chip: String, offset: Int, activeLow: Bool, initial: Bool, consumer: String) throws(GPIOError) -> any GPIOOutputLine
}
