/// The sound cards as the kernel lists them in /proc/asound/cards, turned into routes. Reading
/// that file needs no sound library, works with no udev, and names each card by its stable id.
public enum SoundCardList {
    /// Lines like ` 1 [Dummy          ]: Dummy - Dummy`; the second line of each card is skipped.
    public static func parse(_ text: String) -> [AudioRoute] {
        var routes: [AudioRoute] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard let open = trimmed.firstIndex(of: "["), let close = trimmed.firstIndex(of: "]"),
                  open < close, Int(trimmed[..<open].trimmingSpaces) != nil else { continue }
            let id = String(trimmed[trimmed.index(after: open)..<close].trimmingSpaces)
            let rest = trimmed[trimmed.index(after: close)...]
            // "Driver - Long name": no Foundation here, so split on the first " - " by hand.
            let parts = rest.split(separator: "-", maxSplits: 1)
            let longName = parts.count == 2 ? String(parts[1].trimmingSpaces) : id
            guard !id.isEmpty else { continue }
            routes.append(AudioRoute(device: "plughw:CARD=\(id),DEV=0", name: humanName(id: id, longName: longName), card: id))
        }
        return routes
    }

    /// What a person calls the card.
    public static func humanName(id: String, longName: String) -> String {
        let text = (id + " " + longName).lowercased()
        if text.contains("hdmi") { return "HDMI" }
        if text.contains("usb") { return "USB" }
        if text.contains("headphone") { return "Headphones" }
        return id
    }

    /// The card id an ALSA device name refers to (`hw:Loopback,0,0`, `plughw:CARD=Dummy,DEV=0`),
    /// or nil for names that are not tied to one card (`default`, `file:...`).
    public static func card(ofDevice device: String) -> String? {
        guard let colon = device.firstIndex(of: ":") else { return nil }
        let kind = device[..<colon]
        guard kind == "hw" || kind == "plughw" else { return nil }
        let args = device[device.index(after: colon)...].split(separator: ",")
        guard let first = args.first else { return nil }
        if first.hasPrefix("CARD=") { return String(first.dropFirst(5)) }
        return String(first)
    }

    /// Card ids that appeared and disappeared between two listings.
    public static func changes(from old: [AudioRoute], to new: [AudioRoute]) -> [AudioDeviceEvent] {
        let before = Set(old.map(\.card)), after = Set(new.map(\.card))
        return old.filter { !after.contains($0.card) }.map { .disappeared(card: $0.card) }
            + new.filter { !before.contains($0.card) }.map { .appeared($0) }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
