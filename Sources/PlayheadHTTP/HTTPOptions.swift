import PlayheadCore

/// The HTTP API's options. It is off unless `http-listen` is given, and then every request
/// needs the token from `http-token-file` (metrics too, unless `http-metrics-open`).
public enum HTTPOptions {
    public static let listen = OptionKey.text("http-listen", placeholder: "ADDRESS:PORT", group: "http",
                                           help: "serve the HTTP API, control page and metrics here (0.0.0.0:8080 for every interface); off when unset")
    public static let tokenFile = OptionKey.text("http-token-file", placeholder: "FILE", default: "/data/state/http-token", group: "http",
                                              help: "the file holding the API's token (at least 16 characters); the API refuses to start without it")
    public static let metricsOpen = OptionKey.flag("http-metrics-open", default: false, group: "http",
                                                help: "let /metrics be read without the token (a monitoring network)")
    public static let certificate = OptionKey.text("http-certificate", placeholder: "FILE.pem", group: "http",
                                                help: "serve HTTPS with this certificate (PEM, the chain); needs --http-key")
    public static let key = OptionKey.text("http-key", placeholder: "FILE.pem", group: "http", help: "the private key for --http-certificate")
    public static let uploadFolder = OptionKey.text("http-upload-dir", placeholder: "DIR", group: "http",
                                                 help: "uploads go into this folder (the playlist folder, to have them play); off when unset")
    public static let uploadLimit = OptionKey.integer("http-upload-limit", 1...65_536, default: 2048, group: "http",
                                                   help: "the largest upload, in MB")

    public static let declarations: [OptionDeclaration] = [
        listen.declaration, tokenFile.declaration, metricsOpen.declaration, certificate.declaration, key.declaration,
        uploadFolder.declaration, uploadLimit.declaration,
    ]

    /// `HOST:PORT`, `[V6]:PORT` or `:PORT` (every interface).
    public static func parseListen(_ text: String) -> Result<(host: String, port: Int), CommandError> {
        let usage = "give --http-listen as ADDRESS:PORT, e.g. 0.0.0.0:8080 or 127.0.0.1:8080"
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            return .failure(CommandError("--http-listen \(text) has no port; \(usage)"))
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "0.0.0.0" }
        guard !host.contains(where: { $0 == " " || $0 == "/" }) else { return .failure(CommandError("--http-listen \(text): \(usage)")) }
        return .success((host, port))
    }
}
