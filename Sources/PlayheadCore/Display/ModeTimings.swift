/// A mode's full timings, as a display's EDID or a standard gives them: what the kernel needs to
/// drive a mode its connector does not list (a forced mode, an EDID from a file).
public struct ModeTimings: Sendable, Hashable {
    public var clockKilohertz: Int
    public var hDisplay: Int, hSyncStart: Int, hSyncEnd: Int, hTotal: Int
    public var vDisplay: Int, vSyncStart: Int, vSyncEnd: Int, vTotal: Int
    public var hSyncPositive: Bool
    public var vSyncPositive: Bool
    public var isInterlaced: Bool

    public init(clockKilohertz: Int, h: (Int, Int, Int, Int), v: (Int, Int, Int, Int), hSyncPositive: Bool, vSyncPositive: Bool,
                isInterlaced: Bool = false) {
        self.clockKilohertz = clockKilohertz
        (hDisplay, hSyncStart, hSyncEnd, hTotal) = h
        (vDisplay, vSyncStart, vSyncEnd, vTotal) = v
        self.hSyncPositive = hSyncPositive
        self.vSyncPositive = vSyncPositive
        self.isInterlaced = isInterlaced
    }

    /// As the kernel computes a mode's refresh (drm_mode_vrefresh), in millihertz: an interlaced
    /// frame is two fields.
    public var refreshMillihertz: Int {
        guard hTotal > 0, vTotal > 0 else { return 0 }
        let perFrame = hTotal * vTotal
        let hz = (clockKilohertz * 1_000_000 + perFrame / 2) / perFrame
        return isInterlaced ? hz * 2 : hz
    }

    /// Whether each span grows as a mode's must (display < sync start < sync end <= total).
    public var isWellFormed: Bool {
        clockKilohertz > 0 && hDisplay > 0 && vDisplay > 0
            && hDisplay <= hSyncStart && hSyncStart < hSyncEnd && hSyncEnd <= hTotal
            && vDisplay <= vSyncStart && vSyncStart < vSyncEnd && vSyncEnd <= vTotal
    }

    /// The mode these timings make, as a connector would list it.
    public func mode(preferred: Bool = false) -> DisplayMode {
        var m = DisplayMode(width: hDisplay, height: vDisplay, refreshMillihertz: refreshMillihertz, isPreferred: preferred,
                            isInterlaced: isInterlaced)
        m.timings = self
        return m
    }
}
