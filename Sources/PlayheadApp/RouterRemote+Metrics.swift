import Playhead
import PlayheadHTTP
import PlayheadSys

extension RouterRemote {
    /// Playback counters from the player and its outputs, item events from the tally, and the
    /// board's health as the kernel reports it (absent where it reports nothing).
    func metrics() -> RemoteMetrics {
        let stats = Dictionary(router.player.statistics().map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        func number(_ name: String) -> Double? {
            switch stats[name] {
            case .int(let n)?: return Double(n)
            case .double(let d)?: return d
            default: return nil
            }
        }
        var m = RemoteMetrics()
        let playback: [(String, String, String)] = [
            ("frames_presented", "presented", "pictures handed to the display"),
            ("frames_dropped", "dropped", "pictures left out to keep time"),
            ("frames_late", "late", "pictures shown more than a frame after their time"),
            ("sound_underruns", "underruns", "times the sound device ran dry"),
            ("stalls", "stalls", "times playback waited for data"),
        ]
        for (name, stat, help) in playback {
            if let v = number(stat) { m.counters.append(.init(name, unit: "total", v, help: help)) }
        }
        let t = tally.current
        m.counters += [
            .init("item_starts", unit: "total", Double(t.starts), help: "items that became current"),
            .init("items_played_to_end", unit: "total", Double(t.playedToEnd), help: "items that played to their end"),
            .init("item_failures", unit: "total", Double(t.failures), help: "items that failed for good"),
            .init("item_restarts", unit: "total", Double(t.restarts), help: "items tried again after a failure"),
        ]
        // The router's start and clock: the same uptime as status says.
        m.gauges.append(.init("uptime", unit: "seconds", Double(router.hooks.now() - router.startedAt) / 1e9,
                              help: "seconds since playhead started"))
        if let offset = number("av-offset-ms") {
            m.gauges.append(.init("av_offset", unit: "seconds", offset / 1000,
                                  help: "how late the last picture was handed to the display against the clock (the sound's when there is sound)"))
        }
        if let off = router.player.isScreenOff {
            m.gauges.append(.init("screen_on", unit: "state", off ? 0 : 1, help: "1 while the screen is on, 0 after `display off` or the schedule's off"))
        }
        // The MQTT link's counters, from what `mqtt` says (absent without MQTT).
        let mqtt = router.hooks.mqtt()
        if case .string(let state)? = mqtt["state"] {
            m.gauges.append(.init("mqtt_connected", unit: "state", state == "connected" ? 1 : 0, help: "1 while connected to the MQTT broker"))
        }
        for (field, name, help) in [("reconnects", "mqtt_reconnects", "connections to the MQTT broker made again after the first"),
                                    ("dropped", "mqtt_messages_dropped", "messages for the MQTT broker dropped because the queue was full"),
                                    ("commands", "mqtt_commands", "commands taken over MQTT")] {
            if case .int(let n)? = mqtt[field] { m.counters.append(.init(name, unit: "total", Double(n), help: help)) }
        }
        let board = BoardSensors.read(dataPath: dataPath)
        if let rss = board.residentBytes { m.gauges.append(.init("resident_memory", unit: "bytes", Double(rss), help: "playhead's resident memory")) }
        if let written = board.dataBytesWritten {
            m.counters.append(.init("data_partition_written_bytes", unit: "total", Double(written),
                                    help: "bytes written to the partition holding the state file, by every process, since boot"))
        }
        for (zone, celsius) in board.temperatures {
            m.gauges.append(.init("temperature", unit: "celsius", celsius, help: "a thermal zone's temperature", labels: [("zone", zone)]))
        }
        if let under = board.underVoltage {
            m.gauges.append(.init("under_voltage", unit: "state", under ? 1 : 0, help: "1 while the firmware reports under-voltage"))
        }
        if let ratio = board.cpuFrequencyRatio {
            m.gauges.append(.init("cpu_frequency", unit: "ratio", ratio, help: "CPU 0's frequency over its maximum (lower: throttled or idle)"))
        }
        return m
    }
}
