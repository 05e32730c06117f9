#if PLAYHEAD_GPIOD2
import CGPIOD
import Glibc
import PlayheadCore
import SystemPackage

/// Every libgpiod call playhead makes, against libgpiod 2 (the kernel's v2 GPIO interface, the
/// only one in kernels without CONFIG_GPIO_CDEV_V1). Built instead of LibGPIOD1 when the build
/// sets PLAYHEAD_GPIOD2 (the aarch64 cross build, whose Debian 13 sysroot has libgpiod 2.2).
public struct LibGPIOD2: GPIOBackend {
    public init() {}

    static func failure(_ operation: String, _ target: String) -> GPIOError {
        GPIOError(operation: operation, target: target, errno: Errno(rawValue: Glibc.errno))
    }

    public func chips(values: Bool) -> [GPIOChipInfo] {
        GPIOChipPaths.list().compactMap { path in
            guard let chip = gpiod_chip_open(path) else { return nil }
            defer { gpiod_chip_close(chip) }
            guard let info = gpiod_chip_get_info(chip) else { return nil }
            defer { gpiod_chip_info_free(info) }
            var lines: [GPIOChipInfo.Line] = []
            for offset in 0..<UInt32(gpiod_chip_info_get_num_lines(info)) {
                guard let line = gpiod_chip_get_line_info(chip, offset) else { break }
                defer { gpiod_line_info_free(line) }
                let consumer = gpiod_line_info_is_used(line) ? gpiod_line_info_get_consumer(line).map { String(cString: $0) } ?? "kernel" : nil
                let isOutput = gpiod_line_info_get_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT
                // A free input is read by asking for it as an input for a moment; outputs and
                // lines others hold are left alone.
                var value: Bool?
                if values, consumer == nil, !isOutput,
                   let request = Self.request(chip, offset, consumer: "playhead-probe", { s in
                       gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_INPUT) == 0 }) {
                    let v = gpiod_line_request_get_value(request, offset)
                    if v != GPIOD_LINE_VALUE_ERROR { value = v == GPIOD_LINE_VALUE_ACTIVE }
                    gpiod_line_request_release(request)
                }
                lines.append(.init(offset: Int(offset), name: gpiod_line_info_get_name(line).map { String(cString: $0) },
                                   consumer: consumer, isOutput: isOutput, value: value))
            }
            return GPIOChipInfo(name: String(cString: gpiod_chip_info_get_name(info)),
                                label: String(cString: gpiod_chip_info_get_label(info)), path: path, lines: lines)
        }
    }

    public func requestEdges(chip path: String, offset: Int, activeLow: Bool, bias: GPIOBias, consumer: String)
        throws(GPIOError) -> any GPIOEdgeLine {
        let target = "\(path) line \(offset)"
        let value: gpiod_line_bias = switch bias {
        case .pullUp: GPIOD_LINE_BIAS_PULL_UP
        case .pullDown: GPIOD_LINE_BIAS_PULL_DOWN
        case .none: GPIOD_LINE_BIAS_DISABLED
        case .asIs: GPIOD_LINE_BIAS_AS_IS
        }
        let request = try Self.open(path, offset, consumer: consumer, operation: "request for edges") { s in
            gpiod_line_settings_set_active_low(s, activeLow)
            return gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_INPUT) == 0
                && gpiod_line_settings_set_edge_detection(s, GPIOD_LINE_EDGE_BOTH) == 0
                && gpiod_line_settings_set_event_clock(s, GPIOD_LINE_CLOCK_MONOTONIC) == 0
                && gpiod_line_settings_set_bias(s, value) == 0
        }
        guard let line = EdgeLine(request: request, offset: UInt32(offset), target: target) else {
            gpiod_line_request_release(request)
            throw GPIOError(operation: "request for edges", target: target, errno: .noMemory)
        }
        return line
    }

    public func requestOutput(chip path: String, offset: Int, activeLow: Bool, initial: Bool, consumer: String)
        throws(GPIOError) -> any GPIOOutputLine {
        let request = try Self.open(path, offset, consumer: consumer, operation: "request as output") { s in
            gpiod_line_settings_set_active_low(s, activeLow)
            return gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_OUTPUT) == 0
                && gpiod_line_settings_set_output_value(s, initial ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE) == 0
        }
        return OutputLine(request: request, offset: UInt32(offset), target: "\(path) line \(offset)")
    }

    /// A request stands on its own: the chip is closed as soon as the line is requested.
    private static func open(_ path: String, _ offset: Int, consumer: String, operation: String,
                             _ configure: (OpaquePointer) -> Bool) throws(GPIOError) -> OpaquePointer {
        guard let chip = gpiod_chip_open(path) else { throw failure("open", path) }
        defer { gpiod_chip_close(chip) }
        guard offset >= 0, offset < Int(UInt32.max) else {
            throw GPIOError(operation: "line info", target: "\(path) line \(offset)", errno: .invalidArgument)
        }
        guard let request = request(chip, UInt32(offset), consumer: consumer, configure) else {
            throw failure(operation, "\(path) line \(offset)")
        }
        return request
    }

    private static func request(_ chip: OpaquePointer, _ offset: UInt32, consumer: String,
                                _ configure: (OpaquePointer) -> Bool) -> OpaquePointer? {
        guard let settings = gpiod_line_settings_new() else { return nil }
        defer { gpiod_line_settings_free(settings) }
        guard let lineConfig = gpiod_line_config_new() else { return nil }
        defer { gpiod_line_config_free(lineConfig) }
        guard let requestConfig = gpiod_request_config_new() else { return nil }
        defer { gpiod_request_config_free(requestConfig) }
        guard configure(settings) else { return nil }
        var offsets = [offset]
        guard gpiod_line_config_add_line_settings(lineConfig, &offsets, 1, settings) == 0 else { return nil }
        gpiod_request_config_set_consumer(requestConfig, consumer)
        return gpiod_chip_request_lines(chip, requestConfig, lineConfig)
    }

    /// Owns its request and its event buffer: releasing the request frees the line.
    final class EdgeLine: GPIOEdgeLine {
        let request: OpaquePointer
        let buffer: OpaquePointer
        let offset: UInt32
        let target: String
        let descriptor: Int32

        init?(request: OpaquePointer, offset: UInt32, target: String) {
            guard let buffer = gpiod_edge_event_buffer_new(16) else { return nil }
            self.request = request
            self.buffer = buffer
            self.offset = offset
            self.target = target
            descriptor = gpiod_line_request_get_fd(request)
        }

        deinit {
            gpiod_edge_event_buffer_free(buffer)
            gpiod_line_request_release(request)
        }

        func level() throws(GPIOError) -> Bool {
            let v = gpiod_line_request_get_value(request, offset)
            guard v != GPIOD_LINE_VALUE_ERROR else { throw LibGPIOD2.failure("read value", target) }
            return v == GPIOD_LINE_VALUE_ACTIVE
        }

        func readEdges() throws(GPIOError) -> [GPIOEdge] {
            var edges: [GPIOEdge] = []
            let capacity = gpiod_edge_event_buffer_get_capacity(buffer)
            while true {
                // The read blocks when no edge waits: ask poll first.
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 0) == 1 else { return edges }
                if ready.revents & Int16(POLLIN) == 0 { throw GPIOError(operation: "read edges", target: target, errno: .operationNotSupportedByDevice) }
                let n = gpiod_line_request_read_edge_events(request, buffer, capacity)
                guard n >= 0 else { throw LibGPIOD2.failure("read edges", target) }
                for i in 0..<Int(n) {
                    guard let e = gpiod_edge_event_buffer_get_event(buffer, UInt(i)) else { continue }
                    edges.append(GPIOEdge(high: gpiod_edge_event_get_event_type(e) == GPIOD_EDGE_EVENT_RISING_EDGE,
                                          timestamp: Int64(gpiod_edge_event_get_timestamp_ns(e))))
                }
                if Int(n) < capacity { return edges }
            }
        }
    }

    final class OutputLine: GPIOOutputLine {
        let request: OpaquePointer
        let offset: UInt32
        let target: String

        init(request: OpaquePointer, offset: UInt32, target: String) {
            self.request = request
            self.offset = offset
            self.target = target
        }

        deinit { gpiod_line_request_release(request) }

        func set(_ high: Bool) throws(GPIOError) {
            guard gpiod_line_request_set_value(request, offset, high ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE) == 0 else {
                throw LibGPIOD2.failure("set", target)
            }
        }
    }
}
#endif
