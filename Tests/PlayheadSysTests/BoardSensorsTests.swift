import Glibc
import PlayheadSys
import PlayheadTestSupport
import Testing

/// The board's health read from a made-up sysfs and procfs: what is there is read, what is
/// not is absent (never a zero that reads as a reading).
struct BoardSensorsTests {
    let root = TemporaryDirectory()

    func put(_ path: String, _ text: String) throws {
        var dir = ""
        for part in path.split(separator: "/").dropLast() {
            dir += "/" + part
            mkdir(root.path + dir, 0o755)
        }
        try AtomicFile.write(text, to: root.path + "/" + path)
    }

    @Test func aPiLikeBoardReportsTemperatureVoltageFrequencyAndWrites() throws {
        try put("sys/class/thermal/thermal_zone0/temp", "48312\n")
        try put("sys/class/thermal/thermal_zone0/type", "cpu-thermal\n")
        try put("sys/class/thermal/cooling_device0/type", "fan\n")
        try put("sys/class/hwmon/hwmon0/name", "rpi_volt\n")
        try put("sys/class/hwmon/hwmon0/in0_lcrit_alarm", "1\n")
        try put("sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq", "600000\n")
        try put("sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "1500000\n")
        try put("proc/self/statm", "5000 1200 300 10 0 900 0\n")
        try put("proc/self/mountinfo", "22 1 0:21 / / ro - squashfs /dev/mmcblk0p2 ro\n30 22 179:3 / /data rw - ext4 /dev/mmcblk0p3 rw\n")
        try put("sys/class/block/mmcblk0p3/stat", "  100 0 2000 50 40 0 8192 60 0 100 110 0 0 0 0 0 0\n")
        // As on the image: the state file's folder is a link into /data.
        mkdir(root.path + "/data", 0o755)
        mkdir(root.path + "/data/state", 0o755)
        mkdir(root.path + "/var", 0o755)
        mkdir(root.path + "/var/lib", 0o755)
        #expect(symlink("../../data/state", root.path + "/var/lib/playhead") == 0)
        let r = BoardSensors.read(dataPath: "/var/lib/playhead/state", root: root.path)
        #expect(r.temperatures.map(\.zone) == ["cpu-thermal"])
        #expect(r.temperatures.map(\.celsius) == [48.312])
        #expect(r.underVoltage == true)
        #expect(r.cpuFrequencyRatio == 0.4)
        #expect(r.residentBytes == Int64(1200 * 4096))
        #expect(r.dataBytesWritten == Int64(8192 * 512))
    }

    @Test func aBoardThatReportsNothingHasNothingAbsentIsNotZero() {
        let r = BoardSensors.read(dataPath: "/data/state/place", root: root.path)
        #expect(r.temperatures.isEmpty)
        #expect(r.underVoltage == nil)
        #expect(r.cpuFrequencyRatio == nil)
        #expect(r.residentBytes == nil)
        #expect(r.dataBytesWritten == nil)
    }
}
