/// Which plane shows the video: the CRTC's primary plane (the default), the first overlay,
/// or one by its object id.
public enum PlaneRequest: Sendable, Hashable {
    case primary
    case overlay
    case id(UInt32)

    public init?(parsing text: String) {
        switch text {
        case "primary": self = .primary
        case "overlay": self = .overlay
        default:
            guard let id = UInt32(text), id > 0 else { return nil }
            self = .id(id)
        }
    }
}
