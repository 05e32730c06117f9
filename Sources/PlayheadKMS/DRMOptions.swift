import PlayheadCore

/// How the DRM output is set up: from the command line (`--drm-card`, `--display-*`).
public struct DRMOptions: Sendable, Hashable {
    /// `/dev/dri/cardN`; nil: the first card with a connected display.
    public var card: String?
    public var plan: DisplayPlan.Request
    public var gravity: VideoGravity
    /// Scan-out buffers per plane (at least 3: one shown, one queued, one being drawn).
    public var buffers: Int
    /// With a `.matchContent` mode: set the fitting mode at each item, not only for the first.
    public var modeFollowsItems: Bool
    /// Where to write each flip's media time, due time and vblank time at the end (for A/V
    /// measurements); nil: not kept.
    public var flipTracePath: String?
    /// How far everything shown is turned, clockwise, for a screen mounted on its side.
    public var screenTurn: PictureRotation = .none
    /// The part of each picture shown: all of it, a video wall's tile, or a crop.
    public var window: PictureWindow = .whole

    public init(card: String? = nil, plan: DisplayPlan.Request = .init(), gravity: VideoGravity = .resizeAspect, buffers: Int = 3,
                modeFollowsItems: Bool = false) {
        self.modeFollowsItems = modeFollowsItems
        self.card = card
        self.plan = plan
        self.gravity = gravity
        self.buffers = max(3, buffers)
    }
}
