/// The topics one player uses, all built from cleaned names: a name from outside (the host's,
/// an option's) can never add a level or a wildcard to a topic playhead subscribes to or
/// publishes on.
///
/// - `<prefix>/command`: console lines for this player
/// - `<prefix>/reply`: the answers to lines that named no response topic
/// - `<prefix>/status`: the status as JSON, retained
/// - `<prefix>/events`: the events as JSON lines
/// - `<prefix>/online`: `true` or `false`, retained; the broker's last will sets `false`
/// - `playhead/group/<NAME>/command`: console lines for every player in group NAME
public struct FleetTopics: Sendable, Equatable {
    public let prefix: String
    public let groups: [String]

    public var command: String { prefix + "/command" }
    public var reply: String { prefix + "/reply" }
    public var status: String { prefix + "/status" }
    public var events: String { prefix + "/events" }
    public var online: String { prefix + "/online" }
    public var groupCommands: [String] { groups.map { "playhead/group/\($0)/command" } }
    /// Every topic commands come on.
    public var commandTopics: [String] { [command] + groupCommands }

    static let maxName = 64
    static let maxGroups = 16

    /// `prefix` as given (`mqtt-prefix`), else `playhead/<hostname>`; `groups` as given
    /// (`mqtt-groups`, comma-separated).
    public static func make(prefix: String?, hostname: String, groups: String?) -> Result<FleetTopics, FleetError> {
        let chosen: String
        if let prefix {
            guard let checked = checkedPrefix(prefix) else {
                return .failure(FleetError("mqtt-prefix \(ControlCharacters.escaped(String(prefix.prefix(80)))) is not a topic "
                                           + "of up to 4 levels of letters, digits, - _ . (no + # or empty level)"))
            }
            chosen = checked
        } else {
            chosen = "playhead/" + (cleanName(hostname) ?? "player")
        }
        var names: [String] = []
        for raw in (groups ?? "").split(separator: ",") {
            let trimmed = String(raw.trimmingSpaces)
            guard !trimmed.isEmpty else { continue }
            guard let name = cleanName(trimmed), name == trimmed else {
                return .failure(FleetError("mqtt-groups: \(ControlCharacters.escaped(String(trimmed.prefix(80)))) is not a group name "
                                           + "(letters, digits, - _ . up to \(maxName))"))
            }
            if !names.contains(name) { names.append(name) }
        }
        guard names.count <= maxGroups else { return .failure(FleetError("mqtt-groups: more than \(maxGroups) groups")) }
        return .success(FleetTopics(prefix: chosen, groups: names))
    }

    /// One topic level made from a name: `+ # /`, control characters and spaces become `_`,
    /// bounded; nil when nothing is left.
    public static func cleanName(_ name: String) -> String? {
        var out = ""
        for s in name.unicodeScalars.prefix(maxName) {
            if s == "+" || s == "#" || s == "/" || s == " " || ControlCharacters.isControl(s) || s.value == 0 {
                out.unicodeScalars.append("_")
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out.isEmpty || out.allSatisfy({ $0 == "_" }) ? nil : out
    }

    /// A prefix of one to four levels, each a clean name as given (nothing replaced).
    static func checkedPrefix(_ text: String) -> String? {
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...4).contains(levels.count) else { return nil }
        for level in levels {
            let s = String(level)
            guard let clean = cleanName(s), clean == s,
                  s.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) })
            else { return nil }
        }
        return text
    }

    /// Whether a topic from outside (a message's response topic) may be published on:
    /// not empty, bounded, no wildcard, no control character.
    public static func isPublishable(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 256
            && !topic.unicodeScalars.contains(where: { $0 == "+" || $0 == "#" || $0.value == 0 || ControlCharacters.isControl($0) })
    }

    /// A client identifier the broker can tell apart: one per prefix, so players sharing a
    /// host (tests, several screens) do not throw each other off.
    public var clientID: String {
        String(("playhead-" + prefix.replacingSlashes).prefix(128))
    }
}

extension StringProtocol {
    var replacingSlashes: String { String(map { $0 == "/" ? "-" : $0 }) }
}
