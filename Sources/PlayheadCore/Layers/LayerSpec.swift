/// One layer of the screen's layout, from its options line:
/// `layer.NAME = source=PLAYLIST|FOLDER|FILE [frame=full|X,Y,WxH] [z=N] [gravity=fit|fill|stretch]
/// [volume=0..100] [mute=yes|no] [card=ALSA_DEVICE] [visible=yes|no] [group=NAME]`, or `image=FILE` instead of
/// `source=` for an overlay: one picture with its alpha (a PNG logo), shown over the layers
/// under it until playhead stops, never heard; or `text="..."` (`\n` for a new line) or
/// `clock=FORMAT` for a text overlay, `ticker=FILE` for a file's lines scrolling, or `title=LAYER`
/// for the title of the item that layer plays, with `[font=FILE] [size=PX] [color=RRGGBB[AA]]
/// [background=RRGGBBAA] [speed=PX_PER_SECOND]`.
///
/// Each layer is a player with its own queue, drawn into its frame (as an AVPlayerLayer);
/// a higher `z` is drawn over a lower one. Layers of one `group` start on the same refresh and
/// keep to one clock (the kiosk's two clips side by side). `mute` unset: the first layer in the
/// file is heard and the others are not, so adding a layer never doubles the sound.
public struct LayerSpec: Sendable, Hashable {
    public let name: String
    public let source: String
    public let frame: LayerFrame
    public let z: Int?
    public let gravity: VideoGravity
    /// 0...1.
    public let volume: Double
    public let muted: Bool?
    public let visible: Bool
    public let group: String?
    /// A sound card of its own (an ALSA device), rather than the mix on the main card.
    public let card: String?
    /// Media, an overlay picture (`image=`) or text (`text=`, `clock=`, `ticker=`, `title=`).
    public let content: LayerContent
    public let style: TextStyle
    /// Drawn with its alpha on a plane that blends it: a picture or text.
    public var isOverlay: Bool { content != .media }

    public init(name: String, source: String, frame: LayerFrame = .full, z: Int? = nil, gravity: VideoGravity = .resizeAspect,
                volume: Double = 1, muted: Bool? = nil, visible: Bool = true, group: String? = nil,
                content: LayerContent = .media, style: TextStyle = TextStyle(), card: String? = nil) {
        self.card = card
        self.content = content
        self.style = style
        self.name = name
        self.source = source
        self.frame = frame
        self.z = z
        self.gravity = gravity
        self.volume = volume
        self.muted = muted
        self.visible = visible
        self.group = group
    }

    public static let usage = "source=PLAYLIST|FOLDER|FILE, image=FILE, text=TEXT, clock=FORMAT, ticker=FILE, title=LAYER or subtitles=LAYER [frame=full|X,Y,WxH] [z=N] [gravity=fit|fill|stretch] "
        + "[volume=0..100] [mute=yes|no] [card=ALSA_DEVICE] [visible=yes|no] [group=NAME]"

    static let gravities: [String: VideoGravity] = ["fit": .resizeAspect, "fill": .resizeAspectFill, "stretch": .resize]

    public static func parse(name: String, _ text: String) -> Result<LayerSpec, SpecError> {
        guard LayerName.isValid(name) else { return .failure(SpecError(LayerName.rule(name))) }
        let words: [(key: String, value: String)]
        switch SpecWords.parse(text) {
        case .success(let w): words = w
        case .failure(let e): return .failure(e)
        }
        var source: String?, frame = LayerFrame.full, z: Int?, gravity = VideoGravity.resizeAspect
        var volume = 1.0, muted: Bool?, visible = true, group: String?, content = LayerContent.media, style = TextStyle()
        var card: String?
        for (key, value) in words {
            switch key {
            case "title", "subtitles":
                guard source == nil else { return .failure(SpecError("\(key): a layer takes one of source=, image=, text=, clock=, ticker=, title= or subtitles=")) }
                guard LayerName.isValid(value) else {
                    return .failure(SpecError(key == "title" ? "title: give the name of the layer whose item's title it shows"
                        : "subtitles: give the name of the layer whose item's subtitles it shows"))
                }
                source = value
                content = key == "title" ? .title(value) : .subtitles(value)
            case "source", "image", "text", "clock", "ticker":
                guard source == nil else { return .failure(SpecError("\(key): a layer takes one of source=, image=, text=, clock=, ticker=, title= or subtitles=")) }
                guard !value.isEmpty, !value.contains(where: \.isNewline), value.count <= 200 else {
                    return .failure(SpecError(key == "image" ? "image: give a picture file (a PNG with alpha)"
                        : key == "source" ? "source: give a playlist, folder or file" : key == "ticker" ? "ticker: give a text file"
                        : "\(key): give one line of at most 200 characters"))
                }
                source = value
                content = key == "image" ? .image : key == "text" ? .text(value) : key == "clock" ? .clock(value)
                    : key == "ticker" ? .ticker(value) : .media
            case "font":
                guard !value.isEmpty, !value.contains(where: \.isNewline) else { return .failure(SpecError("font: give a TrueType or OpenType file")) }
                style.font = value
            case "size":
                guard let n = Int(value), (6...1000).contains(n) else { return .failure(SpecError("size: '\(value)' is not 6 to 1000 pixels")) }
                style.size = n
            case "margin":
                guard let n = Int(value), (0...25).contains(n) else { return .failure(SpecError("margin: '\(value)' is not 0 to 25 percent")) }
                style.margin = n
            case "speed":
                guard let n = Int(value), (10...2000).contains(n) else { return .failure(SpecError("speed: '\(value)' is not 10 to 2000 pixels a second")) }
                style.speed = n
            case "color", "background":
                guard let c = TextStyle.Color(hex: value) else { return .failure(SpecError("\(key): '\(value)' is not RRGGBB or RRGGBBAA")) }
                if key == "color" { style.color = c } else { style.background = c }
            case "frame":
                guard let f = LayerFrame(parsing: value) else {
                    return .failure(SpecError("frame: '\(value)' is not full or X,Y,WxH in pixels (960,0,960x540)"))
                }
                frame = f
            case "z":
                guard let n = Int(value), (-100...100).contains(n) else { return .failure(SpecError("z: '\(value)' is not a whole number from -100 to 100")) }
                z = n
            case "gravity":
                guard let g = gravities[value.lowercased()] else { return .failure(SpecError("gravity: '\(value)' is not fit, fill or stretch")) }
                gravity = g
            case "volume":
                guard let v = Int(value), (0...100).contains(v) else { return .failure(SpecError("volume: '\(value)' is not 0 to 100")) }
                volume = Double(v) / 100
            case "mute", "visible":
                guard let b = SpecWords.yesNo(value) else { return .failure(SpecError("\(key): '\(value)' is not yes or no")) }
                if key == "mute" { muted = b } else { visible = b }
            case "card":
                guard !value.isEmpty, value.count <= 64, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ":,._=-".contains($0)) }) else {
                    return .failure(SpecError("card: '\(value)' is not an ALSA device (hw:1,0, plughw:Loopback,0,1)"))
                }
                card = value
            case "group":
                guard LayerName.isValid(value) else { return .failure(SpecError("group: \(LayerName.rule(value))")) }
                group = value
            default:
                return .failure(SpecError("unknown key '\(key)'; a layer takes \(usage)"))
            }
        }
        guard let source else { return .failure(SpecError("no source=, image=, text=, clock=, ticker= or title=; a layer takes \(usage)")) }
        let overlay = content != .media
        if overlay, muted == false || card != nil {
            return .failure(SpecError("\(card != nil ? "card=" : "mute=no"): an overlay (image=, text=, clock=, ticker=, title=, subtitles=) has no sound"))
        }
        return .success(LayerSpec(name: name, source: source, frame: frame, z: z, gravity: gravity, volume: volume,
                                  muted: overlay ? true : muted, visible: visible, group: group, content: content, style: style, card: card))
    }
}
