/// A kernel uevent as it arrives on the netlink socket: `ACTION@DEVPATH`, then `KEY=VALUE`
/// fields, each NUL-terminated.
public struct Uevent: Sendable, Hashable {
    public var action: String
    public var fields: [String: String]

    public init(action: String, fields: [String: String]) {
        self.action = action
        self.fields = fields
    }

    /// Nil for what is not a kernel uevent (udev's re-broadcasts start with "libudev").
    public static func parse(_ bytes: [UInt8]) -> Uevent? {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        guard let header = parts.first, header.contains("@"), !header.hasPrefix("libudev") else { return nil }
        var fields: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let eq = part.firstIndex(of: "=") else { continue }
            fields[String(part[..<eq])] = String(part[part.index(after: eq)...])
        }
        return Uevent(action: fields["ACTION"] ?? String(header.prefix { $0 != "@" }), fields: fields)
    }

    /// A change on DRM `card` (e.g. "card0"): a connector may have come or gone. Drivers that
    /// probe their connectors send HOTPLUG=1; others (vkms) only get a change event when asked
    /// through sysfs, so every change is a reason to read the connectors again.
    public func isDisplayHotplug(card: String) -> Bool {
        fields["SUBSYSTEM"] == "drm" && action == "change" && fields["DEVNAME"].map { $0.hasSuffix("/" + card) } == true
    }
}
