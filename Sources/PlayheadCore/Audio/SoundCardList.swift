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
            // ": driver - Long name" (a driver's name may hold a dash itself: vc4-hdmi): no
            // Foundation here, so the first " - " is found by hand.
            let text = Array(rest.dropFirst(rest.first == ":" ? 1 : 0))
            let cut = text.indices.first { i in i + 2 < text.count && text[i] == " " && text[i + 1] == "-" && text[i + 2] == " " }
            let driver = cut.map { String(text[..<$0]).trimmingSpacesString } ?? ""
            let longName = cut.map { String(text[($0 + 3)...]).trimmingSpacesString } ?? id
            guard !id.isEmpty else { continue }
            routes.append(AudioRoute(device: deviceName(id: id, driver: driver), name: humanName(id: id, longName: longName), card: id))
        }
        return routes
    }

    /// The device that opens a card. HDMI-only cards (the Raspberry Pi's vc4-hdmi) take IEC958
    /// subframes with the channel status set, which `plughw:` does not make right: their own
    /// ALSA definition does (`sysdefault:`, a plug over the card's `hdmi:` one).
    public static func deviceName(id: String, driver: String) -> String {
        driver.lowercased().contains("hdmi") ? "sysdefault:CARD=\(id)" : "plughw:CARD=\(id),DEV=0"
    }

    /// The devices to try for a route, in order: an HDMI card's own definitions first (`hdmi:`
    /// when its `sysdefault:` is missing), then `plughw:`.
    public static func fallbacks(for device: String) -> [String] {
        guard device.hasPrefix("sysdefault:"), let card = card(ofDevice: device) else { return [device] }
        return [device, "hdmi:CARD=\(card),DEV=0", "plughw:CARD=\(card),DEV=0"]
    }

    /// Whether a device is an HDMI card's own definition (which frames IEC958).
    public static func isOwnHDMIDefinition(_ device: String) -> Bool {
        device.hasPrefix("sysdefault:") || device.hasPrefix("hdmi:")
    }

    /// What a person calls the card.
    public static func humanName(id: String, longName: String) -> String {
        let text = (id + " " + longName).lowercased()
        if text.contains("hdmi") { return "HDMI" }
        if text.contains("usb") { return "USB" }
        if text.contains("headphone") { return "Headphones" }
        return id
    }

    /// The card id an ALSA device name refers to (`hw:Loopback,0,0`, `plughw:CARD=Dummy,DEV=0`,
    /// `sysdefault:CARD=vc4hdmi0`, `hdmi:CARD=vc4hdmi0,DEV=0`), or nil for names that are not tied
    /// to one card (`default`, `file:...`).
    public static func card(ofDevice device: String) -> String? {
        guard let colon = device.firstIndex(of: ":") else { return nil }
        let kind = device[..<colon]
        guard ["hw", "plughw", "sysdefault", "hdmi"].contains(kind) else { return nil }
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

extension String {
    var trimmingSpacesString: String { String(Substring(self).trimmingSpaces) }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
