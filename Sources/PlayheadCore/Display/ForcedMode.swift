/// `display-force-mode WIDTHxHEIGHT@HZ`: the mode driven whatever the connector says, for an
/// extender or switch that hides the TV's EDID or its hot-plug (the kernel's `video=...e`, at run
/// time). The connector's own mode of that size and rate is used when it lists one; else the
/// CEA-861 timings TVs expect for the common TV modes, and CVT reduced blanking for the rest.
public enum ForcedMode {
    /// The timings for `text`, or a line naming what is wrong.
    public static func parse(_ text: String) -> Result<ModeTimings, OptionError> {
        let bad = OptionError(message: "display-force-mode: '\(text)' is not WIDTHxHEIGHT@HZ (1920x1080@60)")
        let sides = text.lowercased().split(separator: "@", omittingEmptySubsequences: false)
        guard sides.count == 2, let hz = Double(sides[1]), hz.isFinite, (10...240).contains(hz) else { return .failure(bad) }
        let size = sides[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), (64...8192).contains(w), (64...8192).contains(h) else {
            return .failure(bad)
        }
        if let tv = cea(width: w, height: h, hz: hz) { return .success(tv) }
        return .success(reducedBlanking(width: w, height: h, hz: hz))
    }

    /// The CEA-861 timings of the usual TV modes (progressive, at whole rates).
    static func cea(width: Int, height: Int, hz: Double) -> ModeTimings? {
        let rate = Int(hz.rounded())
        guard Double(rate) == hz else { return nil }
        switch (width, height, rate) {
        case (1280, 720, 60): return t(74_250, (1280, 1390, 1430, 1650), (720, 725, 730, 750))
        case (1280, 720, 50): return t(74_250, (1280, 1720, 1760, 1980), (720, 725, 730, 750))
        case (1920, 1080, 60): return t(148_500, (1920, 2008, 2052, 2200), (1080, 1084, 1089, 1125))
        case (1920, 1080, 50): return t(148_500, (1920, 2448, 2492, 2640), (1080, 1084, 1089, 1125))
        case (1920, 1080, 30): return t(74_250, (1920, 2008, 2052, 2200), (1080, 1084, 1089, 1125))
        case (1920, 1080, 25): return t(74_250, (1920, 2448, 2492, 2640), (1080, 1084, 1089, 1125))
        case (3840, 2160, 60): return t(594_000, (3840, 4016, 4104, 4400), (2160, 2168, 2178, 2250))
        case (3840, 2160, 50): return t(594_000, (3840, 4896, 4984, 5280), (2160, 2168, 2178, 2250))
        case (3840, 2160, 30): return t(297_000, (3840, 4016, 4104, 4400), (2160, 2168, 2178, 2250))
        case (3840, 2160, 25): return t(297_000, (3840, 4896, 4984, 5280), (2160, 2168, 2178, 2250))
        default: return nil
        }
    }

    private static func t(_ clock: Int, _ h: (Int, Int, Int, Int), _ v: (Int, Int, Int, Int)) -> ModeTimings {
        ModeTimings(clockKilohertz: clock, h: h, v: v, hSyncPositive: true, vSyncPositive: true)
    }

    /// VESA CVT 1.2 reduced blanking (version 1), as the kernel's drm_cvt_mode makes it: 160
    /// pixels of horizontal blanking, a vertical blanking of at least 460 µs, the clock in steps
    /// of 250 kHz; +hsync -vsync.
    static func reducedBlanking(width: Int, height: Int, hz: Double) -> ModeTimings {
        let w = width / 8 * 8
        let vSync: Int
        switch (w * 3 == height * 4, w * 9 == height * 16, w * 10 == height * 16, w * 4 == height * 5, w * 9 == height * 15) {
        case (true, _, _, _, _): vSync = 4
        case (_, true, _, _, _): vSync = 5
        case (_, _, true, _, _): vSync = 6
        case (_, _, _, true, _), (_, _, _, _, true): vSync = 7
        default: vSync = 10
        }
        let lineMicroseconds = (1_000_000 / hz - 460) / Double(height)
        let blankLines = max(Int(460 / lineMicroseconds) + 1, 3 + vSync + 6)
        let vTotal = height + blankLines
        let hTotal = w + 160
        let clock = Int(hz * Double(vTotal * hTotal) / 1000 / 250) * 250
        return ModeTimings(clockKilohertz: clock, h: (w, w + 48, w + 80, hTotal), v: (height, height + 3, height + 3 + vSync, vTotal),
                           hSyncPositive: true, vSyncPositive: false)
    }
}
