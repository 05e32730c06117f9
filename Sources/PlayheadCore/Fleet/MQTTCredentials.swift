/// The broker's user name and password, from the file `mqtt-credentials` names: one line
/// `USER:PASSWORD` (the password may hold colons), as `mosquitto_passwd` takes them. Kept out
/// of the options so `get` and the status never show the password.
public struct MQTTCredentials: Sendable, Equatable {
    public let username: String
    public let password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// A credentials file is a line; anything longer is the wrong file.
    public static let maxFileBytes = 1024

    /// The file's text read; `path` only names it in the error.
    public static func parse(_ text: String, path: String) -> Result<MQTTCredentials, FleetError> {
        let name = ControlCharacters.escaped(path)
        // "\r\n" is one Character: split on it as on "\n".
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count == 1, let line = lines.first else {
            return .failure(FleetError("the MQTT credentials file \(name) must be one line USER:PASSWORD (it has \(lines.count))"))
        }
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
            return .failure(FleetError("the MQTT credentials file \(name) is not USER:PASSWORD"))
        }
        guard !line.unicodeScalars.contains(where: ControlCharacters.isControl) else {
            return .failure(FleetError("the MQTT credentials file \(name) holds control characters"))
        }
        return .success(MQTTCredentials(username: String(line[..<colon]), password: String(line[line.index(after: colon)...])))
    }
}
