import PlayheadCore

/// What the kernel tells of the board's health, read from sysfs and procfs at each scrape:
/// temperatures (thermal zones), under-voltage (the Pi's firmware hwmon, `rpi_volt`), CPU
/// frequency against its maximum (throttling shows as a lower ratio), the process's resident
/// memory and what was written to the partition behind a path. What a board lacks is absent,
/// never zero: a zero temperature would read as a reading.
public enum BoardSensors {
    public struct Reading: Sendable {
        public var temperatures: [(zone: String, celsius: Double)] = []
        public var underVoltage: Bool?
        public var cpuFrequencyRatio: Double?
        public var residentBytes: Int64?
        public var dataBytesWritten: Int64?
    }

    public static func read(dataPath: String?, root: String = "") -> Reading {
        var r = Reading()
        for zone in (FileOutput.names(in: root + "/sys/class/thermal") ?? []).sorted() where zone.hasPrefix("thermal_zone") {
            guard let milli = number(root + "/sys/class/thermal/\(zone)/temp") else { continue }
            let type = text(root + "/sys/class/thermal/\(zone)/type") ?? zone
            r.temperatures.append((type, Double(milli) / 1000))
        }
        for hwmon in (FileOutput.names(in: root + "/sys/class/hwmon") ?? []).sorted() {
            let dir = root + "/sys/class/hwmon/" + hwmon
            if text(dir + "/name") == "rpi_volt", let alarm = number(dir + "/in0_lcrit_alarm") { r.underVoltage = alarm != 0 }
        }
        if let now = number(root + "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq"),
           let max = number(root + "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"), max > 0 {
            r.cpuFrequencyRatio = Double(now) / Double(max)
        }
        // statm's second field: resident pages.
        if let statm = text(root + "/proc/self/statm"), let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int64($0) }) {
            r.residentBytes = pages * 4096
        }
        if let dataPath, let device = MountTable.device(holding: resolved(dataPath, root: root), mountInfo: whole(root + "/proc/self/mountinfo") ?? ""),
           let stat = text(root + "/sys/class/block/\(device)/stat") {
            // Field 7: sectors written, of 512 bytes whatever the device's own sector size.
            let fields = stat.split(separator: " ")
            if fields.count > 6, let sectors = Int64(fields[6]) { r.dataBytesWritten = sectors * 512 }
        }
        return r
    }

    /// The path with its links followed (the image's /var/lib/playhead is a link into /data),
    /// or its folder's when the file is not there yet; as given when neither resolves.
    private static func resolved(_ path: String, root: String) -> String {
        let full = root + path
        let folder = full.lastIndex(of: "/").map { String(full[..<$0]) } ?? "."
        let name = full.split(separator: "/").last.map(String.init) ?? ""
        guard let real = FileInput.realPath(full) ?? FileInput.realPath(folder.isEmpty ? "/" : folder).map({ $0 + "/" + name }) else {
            return path
        }
        let realRoot = root.isEmpty ? "" : (FileInput.realPath(root) ?? root)
        return real.hasPrefix(realRoot + "/") ? String(real.dropFirst(realRoot.count)) : path
    }

    private static func whole(_ path: String) -> String? {
        guard case .text(let t) = FileInput.read(path, limit: 1 << 20) else { return nil }
        return t
    }

    /// The first line.
    private static func text(_ path: String) -> String? {
        whole(path)?.split(separator: "\n").first.map(String.init)
    }

    private static func number(_ path: String) -> Int64? { text(path).flatMap { Int64($0.trimmingSpaces) } }
}

private extension String {
    var trimmingSpaces: String { String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()) }
}
