/// A console line as it comes over MQTT: bytes from anyone who may publish on the topic.
/// Bounded, valid UTF-8, one line (a trailing newline, as `mosquitto_pub -l` or `echo` leave,
/// is allowed), not empty.
public enum CommandPayload {
    /// The line, or why it is not one (for the error reply and the log, already escaped).
    public static func line(_ payload: [UInt8]?, limit: Int) -> Result<String, FleetError> {
        guard let payload, payload.count <= limit else { return .failure(FleetError("the command is over \(limit) bytes")) }
        guard let text = String(validating: payload, as: UTF8.self) else {
            return .failure(FleetError("the command is not UTF-8 text"))
        }
        // Scalars, not characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
        var scalars = Substring(text).unicodeScalars
        if scalars.last == "\n" { scalars = scalars.dropLast() }
        if scalars.last == "\r" { scalars = scalars.dropLast() }
        guard !scalars.contains("\n"), !scalars.contains("\r") else {
            return .failure(FleetError("the command is several lines; send one line per message"))
        }
        guard !scalars.allSatisfy({ $0 == " " || $0 == "\t" }) else { return .failure(FleetError("the command is empty")) }
        return .success(String(Substring(scalars)))
    }

    /// An error reply in the console's JSON form.
    public static func errorJSON(_ why: FleetError) -> String { Reply.error(why.description).rendered(as: .json) }
    public static func errorJSON(_ why: String) -> String { Reply.error(why).rendered(as: .json) }
}
