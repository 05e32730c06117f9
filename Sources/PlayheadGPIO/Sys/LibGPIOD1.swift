#if !PLAYHEAD_GPIOD2
import CGPIOD
import Glibc
import PlayheadCore
import SystemPackage

/// Every libgpiod call playhead makes, against libgpiod 1 (the kernel's v1 GPIO interface).
/// LibGPIOD2 stands in its place when the build sets PLAYHEAD_GPIOD2.
public struct LibGPIOD1: GPIOBackend {
    public init() {}

    private static func failure(_ operation: String, _ target: String) -> GPIOError {
        GPIOError(operation: operation, target: target, errno: Errno(rawValue: Glibc.errno))
    }

    public func chips(values: Bool) -> [GPIOChipInfo] {
        GPIOChipPaths.list().compactMap { path in
            guard let chip = gpiod_chip_open(path) else { return nil }
            defer { gpiod_chip_close(chip) }
            var lines: [GPIOChipInfo.Line] = []
            for offset in 0..<gpiod_chip_num_lines(chip) {
                // Fails when the kernel has no v1 line info: the chip is listed without lines.
                guard let line = gpiod_chip_get_line(chip, offset) else { break }
                let consumer = gpiod_line_consumer(line).map { String(cString: $0) }
                let isOutput = gpiod_line_direction(line) == Int32(GPIOD_LINE_DIRECTION_OUTPUT)
                var value: Bool?
                // A free input is read by asking for it as an input for a moment; outputs and
                // lines others hold are left alone.
                if values, consumer == nil, !isOutput, gpiod_line_request_input(line, "playhead-probe") == 0 {
                    let v = gpiod_line_get_value(line)
                    if v >= 0 { value = v == 1 }
                    gpiod_line_release(line)
                }
                lines.append(.init(offset: Int(offset), name: gpiod_line_name(line).map { String(cString: $0) },
                                   consumer: consumer, isOutput: isOutput, value: value))
            }
            return GPIOChipInfo(name: String(cString: gpiod_chip_name(chip)), label: String(cString: gpiod_chip_label(chip)),
                                path: path, lines: lines)
        }
    }

    public func requestEdges(chip path: String, offset: Int, activeLow: Bool, bias: GPIOBias, consumer: String)
        throws(GPIOError) -> any GPIOEdgeLine {
        let (chip, line) = try Self.open(path, offset)
        var flags: Int32 = activeLow ? Int32(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) : 0
        switch bias {
        case .pullUp: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
        case .pullDown: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
        case .none: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
        case .asIs: break
        }
        guard gpiod_line_request_both_edges_events_flags(line, consumer, flags) == 0 else {
            let e = Self.failure("request for edges", "\(path) line \(offset)")
            gpiod_chip_close(chip)
            throw e
        }
        return EdgeLine(chip: chip, line: line, target: "\(path) line \(offset)")
    }

    public func requestOutput(chip path: String, offset: Int, activeLow: Bool, initial: Bool, consumer: String)
        throws(GPIOError) -> any GPIOOutputLine {
        let (chip, line) = try Self.open(path, offset)
        let flags: Int32 = activeLow ? Int32(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) : 0
        guard gpiod_line_request_output_flags(line, consumer, flags, initial ? 1 : 0) == 0 else {
            let e = Self.failure("request as output", "\(path) line \(offset)")
            gpiod_chip_close(chip)
            throw e
        }
        return OutputLine(chip: chip, line: line, target: "\(path) line \(offset)")
    }

    private static func open(_ path: String, _ offset: Int) throws(GPIOError) -> (OpaquePointer, OpaquePointer) {
        guard let chip = gpiod_chip_open(path) else { throw failure("open", path) }
        guard offset >= 0, let line = gpiod_chip_get_line(chip, UInt32(offset)) else {
            let e = failure("line info", "\(path) line \(offset)")
            gpiod_chip_close(chip)
            throw e
        }
        return (chip, line)
    }

    /// Owns its chip handle: closing the chip releases the line.
    final class EdgeLine: GPIOEdgeLine {
        let chip: OpaquePointer
        let line: OpaquePointer
        let target: String
        let descriptor: Int32

        init(chip: OpaquePointer, line: OpaquePointer, target: String) {
            self.chip = chip
            self.line = line
            self.target = target
            descriptor = gpiod_line_event_get_fd(line)
        }

        deinit { gpiod_chip_close(chip) }

        func level() throws(GPIOError) -> Bool {
            let v = gpiod_line_get_value(line)
            guard v >= 0 else { throw LibGPIOD1.failure("read value", target) }
            return v == 1
        }

        func readEdges() throws(GPIOError) -> [GPIOEdge] {
            var edges: [GPIOEdge] = []
            var buffer = [gpiod_line_event](repeating: gpiod_line_event(), count: 16)
            while true {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 0) == 1 else { return edges }
                if ready.revents & Int16(POLLIN) == 0 { throw GPIOError(operation: "read edges", target: target, errno: .operationNotSupportedByDevice) }
                let n = gpiod_line_event_read_fd_multiple(descriptor, &buffer, UInt32(buffer.count))
                guard n >= 0 else { throw LibGPIOD1.failure("read edges", target) }
                for e in buffer.prefix(Int(n)) {
                    edges.append(GPIOEdge(high: e.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE),
                                          timestamp: Int64(e.ts.tv_sec) * 1_000_000_000 + Int64(e.ts.tv_nsec)))
                }
                if n < buffer.count { return edges }
            }
        }
    }

    final class OutputLine: GPIOOutputLine {
        let chip: OpaquePointer
        let line: OpaquePointer
        let target: String

        init(chip: OpaquePointer, line: OpaquePointer, target: String) {
            self.chip = chip
            self.line = line
            self.target = target
        }

        deinit { gpiod_chip_close(chip) }

        func set(_ high: Bool) throws(GPIOError) {
            guard gpiod_line_set_value(line, high ? 1 : 0) == 0 else { throw LibGPIOD1.failure("set", target) }
        }
    }
}
#endif
