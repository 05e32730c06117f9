/// One place sound can go: an ALSA device and the name a person would use for it.
public struct AudioRoute: Sendable, Hashable, CustomStringConvertible {
    /// The ALSA device name that opens it, e.g. `hw:CARD=Loopback,DEV=0` or `plughw:CARD=Dummy`.
    public var device: String
    /// What a person calls it: "HDMI", "Headphones", "USB", or the card's own name.
    public var name: String
    /// The card's stable id (`/proc/asound/cards` short name, e.g. `Loopback`), used to match
    /// devices that come and go.
    public var card: String

    public init(device: String, name: String, card: String) {
        self.device = device
        self.name = name
        self.card = card
    }

    public var description: String { "\(name) (\(device))" }
}
