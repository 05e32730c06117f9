import Playhead

/// The players of the layers other than the main one, for the router: `layer` lists them and
/// addresses one, and the whole screen's `play` and `pause` reach them too. The main layer is
/// the router's own player, addressed by `mainName`.
public protocol LayerControl: AnyObject, Sendable {
    var mainName: String { get }
    /// Every layer's name, bottom first (the main one among them).
    var names: [String] { get }
    /// One layer's state (not the main one's).
    func status(_ name: String) -> ReplyValue?
    /// Carries out a command on a layer other than the main one.
    func perform(_ command: LayerCommand, on name: String) -> Reply
    /// Shows or hides any layer, the main one included (`layer NAME show|hide`).
    func setVisible(_ visible: Bool, _ name: String) -> Reply
    /// Whether a layer is shown (nil: no such layer).
    func isVisible(_ name: String) -> Bool?
    func playAll()
    func pauseAll()
    /// The layers of `name`'s group (`group=`), `name` among them, bottom first; `[name]` when
    /// it is in none.
    func groupMembers(of name: String) -> [String]
    /// Where a layer other than the main one stands, in seconds (nil: unknown), and whether it
    /// is paused; nil: it has no player.
    func timing(of name: String) -> (time: Double?, paused: Bool)?
}
