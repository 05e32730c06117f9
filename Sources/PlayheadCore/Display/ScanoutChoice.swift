/// Whether decoded pictures go to the plane as they are (direct YUV scan-out: one copy of the
/// planes, no conversion, the plane's own colour conversion and scaler) or are converted to
/// RGB by libswscale first. Direct is chosen only when the driver accepts the exact plane
/// state in an atomic TEST_ONLY commit; anything else falls back, with the reason said once.
public enum ScanoutChoice: Sendable, Hashable, CustomStringConvertible {
    /// The picture's planes copied into a picture-sized `format` buffer as stored; the plane
    /// shows its `source` part (in stored coordinates) on `destination`, turned by `rotation`
    /// and converted with `colorimetry`.
    case direct(format: FourCC, colorimetry: YUVColorimetry, source: PixelRect, destination: PixelRect, rotation: PictureRotation)
    /// Converted to the plane's RGB format (and scaled by the plane or in software).
    case converted(reason: String)

    /// What the plane is asked to do in the TEST_ONLY commit.
    public struct Trial: Sendable, Hashable {
        public var format: FourCC
        public var picture: PixelSize
        public var source: PixelRect
        public var destination: PixelRect
        public var colorimetry: YUVColorimetry
        public var rotation: PictureRotation
    }

    /// Decides for a picture of FFmpeg's `pixelFormat`, stored as `picture` and turned upright
    /// by `rotation`, then by `screenTurn` for a screen mounted on its side: `layout` has the
    /// upright picture's part and the place on the screen as mounted. `planeFormats` are the
    /// plane's formats; `planeRotations` the turns its `rotation` property offers (none
    /// without one); `colorProperties` whether it has COLOR_ENCODING and COLOR_RANGE; `test`
    /// makes the TEST_ONLY commit and says what the driver answered.
    public static func decide(pixelFormat: String, picture: PixelSize, rotation: PictureRotation, screenTurn: PictureRotation = .none,
                              colorimetry: YUVColorimetry, layout: PictureLayout, planeFormats: [FourCC],
                              planeRotations: Set<PictureRotation>, colorProperties: Bool, test: (Trial) -> PlaneTestResult) -> ScanoutChoice {
        guard let format = YUVPlaneLayout.direct(forPixelFormat: pixelFormat) else {
            return .converted(reason: "the decoder gives \(pixelFormat), which no scan-out format holds as it is")
        }
        guard planeFormats.contains(format) else {
            return .converted(reason: "the plane takes no \(format)")
        }
        let turn = rotation.then(screenTurn)
        guard turn == .none || planeRotations.contains(turn) else {
            return .converted(reason: "the plane cannot turn the picture \(turn.rawValue) degrees (no \(turn.drmName) rotation), so it is turned in software")
        }
        // Without the properties the driver converts as BT.601 limited range, whatever the
        // stream is: right only for that.
        guard colorProperties || colorimetry == YUVColorimetry(encoding: .bt601, range: .limited) else {
            return .converted(reason: "the plane has no COLOR_ENCODING/COLOR_RANGE to convert \(colorimetry) pictures right")
        }
        guard !layout.destination.isEmpty, !layout.source.isEmpty else { return .converted(reason: "nothing to show") }
        // The plane's source rectangle is in the buffer's own (stored) coordinates.
        let source = rotation.storedRect(for: layout.source, stored: picture)
        let trial = Trial(format: format, picture: picture, source: source, destination: layout.destination,
                          colorimetry: colorimetry, rotation: turn)
        let answer = test(trial)
        guard answer == .accepted else {
            let d = layout.destination
            let turned = turn == .none ? "" : " turned \(turn.rawValue) degrees"
            return .converted(reason: "the plane refused \(format) \(source.width)x\(source.height)\(turned) onto \(d.width)x\(d.height) at \(d.x),\(d.y) (\(answer))")
        }
        return .direct(format: format, colorimetry: colorimetry, source: source, destination: layout.destination, rotation: turn)
    }

    public var isDirect: Bool {
        if case .direct = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .direct(let f, let c, let s, let d, let r):
            let shown = r.upright(s.size)
            let scaling = shown == d.size ? "unscaled" : "scaled by the plane onto \(d.width)x\(d.height)"
            let turned = r == .none ? "" : ", turned \(r.rawValue) degrees by the plane"
            return "direct \(f) scan-out (\(c)), \(s.width)x\(s.height) \(scaling)\(turned)"
        case .converted(let reason):
            return "converted in software: \(reason)"
        }
    }
}
