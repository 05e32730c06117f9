/// Where the broker is, from `mqtt-url`: `mqtt://HOST[:PORT]` (plain, 1883) or
/// `mqtts://HOST[:PORT]` (TLS, 8883). The text comes from an options file or a command line
/// someone else may have written: bounded, one scheme of two, a host of name or address
/// characters only, a port in range, and nothing after it (no user, path or query, so a
/// password never sits in the options where `get` would show it).
public struct MQTTAddress: Sendable, Equatable, CustomStringConvertible {
    public let tls: Bool
    public let host: String
    public let port: Int

    public init(tls: Bool, host: String, port: Int) {
        self.tls = tls
        self.host = host
        self.port = port
    }

    public var description: String { "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    static let maxLength = 300

    /// The address, or one line saying what is wrong with the text.
    public static func parse(_ text: String) -> Result<MQTTAddress, FleetError> {
        let shown = ControlCharacters.escaped(String(text.prefix(80)))
        guard text.utf8.count <= maxLength else { return .failure(FleetError("over \(maxLength) bytes")) }
        let tls: Bool
        let rest: Substring
        if text.hasPrefix("mqtt://") {
            tls = false
            rest = text.dropFirst("mqtt://".count)
        } else if text.hasPrefix("mqtts://") {
            tls = true
            rest = text.dropFirst("mqtts://".count)
        } else {
            return .failure(FleetError("'\(shown)' is not mqtt://HOST:PORT or mqtts://HOST:PORT"))
        }
        guard !rest.contains("@") else {
            return .failure(FleetError("a user (and password) in the URL is not taken, nor shown: put them in the mqtt-credentials file"))
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.contains("/"), !authority.contains("?"), !authority.contains("#") else {
            return .failure(FleetError("'\(shown)' has a path or query; only mqtt://HOST:PORT is meant"))
        }
        let host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            // An IPv6 address in brackets, as in URLs.
            guard let close = authority.firstIndex(of: "]") else { return .failure(FleetError("'\(shown)' has no closing ]")) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .failure(FleetError("'\(shown)': text after the ]")) }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return .failure(FleetError("'\(shown)': the address in [] is not an IPv6 address"))
            }
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return .failure(FleetError("'\(shown)': an IPv6 address goes in [ ]")) }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            guard !host.isEmpty, host.utf8.count <= 253,
                  host.unicodeScalars.allSatisfy({ $0.isASCII && (isAlphaNumeric($0) || $0 == "-" || $0 == ".") }),
                  !host.hasPrefix("-"), !host.hasPrefix(".")
            else { return .failure(FleetError("'\(shown)': the host is not a name or an address")) }
        }
        var port = tls ? 8883 : 1883
        if let portText {
            guard portText.count <= 5, let p = Int(portText), (1...65535).contains(p) else {
                return .failure(FleetError("'\(shown)': the port is not 1 to 65535"))
            }
            port = p
        }
        return .success(MQTTAddress(tls: tls, host: String(host), port: port))
    }

    private static func isAlphaNumeric(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
    }
}
