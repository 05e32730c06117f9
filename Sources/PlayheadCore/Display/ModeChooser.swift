/// Picks the display mode for a request, or says why none fits.
public enum ModeChooser {
    public enum Failure: Error, Sendable, Hashable {
        case noModes
        case noSuchMode(ModeRequest, available: [DisplayMode])
    }

    /// `contentFrameRate` (frames per 1000 s, e.g. 23976 for 23.976 fps) and `contentSize` are
    /// used by `.matchContent`: a mode of the content's own size whose refresh is a whole
    /// multiple of the content rate (24p on 24 or 48 Hz), else one of the preferred size with
    /// such a refresh, else a mode of the content's size, else the preferred mode. A fitting
    /// refresh comes before a fitting size: judder is seen by everyone, a scaler is not.
    public static func choose(_ request: ModeRequest, from modes: [DisplayMode],
                              contentFrameRate: Int? = nil, contentSize: PixelSize? = nil) -> Result<DisplayMode, Failure> {
        let progressive = modes.filter { !$0.isInterlaced }
        guard let preferred = progressive.first(where: \.isPreferred) ?? progressive.first else { return .failure(.noModes) }
        switch request {
        case .preferred:
            return .success(preferred)
        case .size(let w, let h, let rate):
            let sized = progressive.filter { $0.width == w && $0.height == h }
            guard !sized.isEmpty else { return .failure(.noSuchMode(request, available: modes)) }
            guard let rate else { return .success(sized.first(where: \.isPreferred) ?? highestRate(sized)) }
            // A rate given as 59.94 or 60 finds the mode within half a hertz.
            let close = sized.filter { abs($0.refreshMillihertz - rate) <= 500 }
            guard let best = close.min(by: { abs($0.refreshMillihertz - rate) < abs($1.refreshMillihertz - rate) }) else {
                return .failure(.noSuchMode(request, available: modes))
            }
            return .success(best)
        case .matchContent:
            let ofContentSize = contentSize.map { size in progressive.filter { $0.width == size.width && $0.height == size.height } } ?? []
            let ofPreferredSize = progressive.filter { $0.width == preferred.width && $0.height == preferred.height }
            if let fps = contentFrameRate, fps > 0 {
                if let m = lowestFitting(ofContentSize, fps) ?? lowestFitting(ofPreferredSize, fps) { return .success(m) }
            }
            if !ofContentSize.isEmpty { return .success(ofContentSize.first(where: \.isPreferred) ?? highestRate(ofContentSize)) }
            return .success(preferred)
        }
    }

    /// The lowest refresh that is a whole multiple of `fps` (within 0.02%: 24p must not take
    /// 23.976 Hz, 0.1% off, a repeated frame every 42 s). Lowest first: 24 Hz beats 48 Hz for 24p.
    private static func lowestFitting(_ modes: [DisplayMode], _ fps: Int) -> DisplayMode? {
        modes.filter { mode in
            let multiple = (Double(mode.refreshMillihertz) / Double(fps)).rounded()
            return multiple >= 1 && abs(Double(mode.refreshMillihertz) - multiple * Double(fps)) <= Double(fps) * 0.0002
        }.min(by: { $0.refreshMillihertz < $1.refreshMillihertz })
    }

    private static func highestRate(_ modes: [DisplayMode]) -> DisplayMode {
        modes.max(by: { $0.refreshMillihertz < $1.refreshMillihertz })!
    }
}
