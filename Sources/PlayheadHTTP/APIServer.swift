import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL
import PlayheadCore
import PlayheadSys
import ServiceLifecycle
import Synchronization

/// The HTTP API as one service of the appliance's group: made from the options (nil when
/// `http-listen` is unset: the API is off by default), refusing to start without a token.
public struct APIServer: Service {
    private let application: Application<RouterResponder<PeerContext>>
    private let files: FileWorker
    public let description: String

    /// `onListening` gets the bound port (the options may ask for port 0: any free one).
    public static func make(settings: Settings, remote: any RemoteControl,
                            onListening: @escaping @Sendable (Int) -> Void = { _ in }) -> Result<APIServer?, CommandError> {
        guard let listen = settings[HTTPOptions.listen] else { return .success(nil) }
        let address: (host: String, port: Int)
        switch HTTPOptions.parseListen(listen) {
        case .failure(let e): return .failure(e)
        case .success(let a): address = a
        }
        let tokenPath = settings[HTTPOptions.tokenFile]
        let token: [UInt8]
        switch readToken(tokenPath) {
        case .failure(let e): return .failure(e)
        case .success(let t): token = t
        }
        var server = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .seconds(60)))
        let certificate = settings[HTTPOptions.certificate]
        if let certificate {
            guard let key = settings[HTTPOptions.key] else {
                return .failure(CommandError("--http-certificate \(certificate) needs its private key: give --http-key FILE"))
            }
            do {
                let chain = try NIOSSLCertificate.fromPEMFile(certificate).map { NIOSSLCertificateSource.certificate($0) }
                let tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
                server = try .tls(server, tlsConfiguration: tls)
            } catch {
                return .failure(CommandError("cannot use --http-certificate \(certificate) with --http-key \(key): \(error); give PEM files"))
            }
        }
        let now: @Sendable () -> Int64 = { MonotonicClock().now().nanoseconds }
        var open: Set<String> = ["/", "/openapi.json", "/api/login"]
        if settings[HTTPOptions.metricsOpen] { open.insert("/metrics") }
        let gate = AccessGate(token: token, throttle: SharedThrottle(LoginThrottle()), openPaths: open, now: now)
        let files = FileWorker(name: "http-files")
        let router = Router(context: PeerContext.self)
        router.middlewares.add(MethodGate())
        router.middlewares.add(gate)
        APIRoutes(remote: remote, gate: gate, secureCookie: certificate != nil).add(to: router)
        EventStreamRoute(remote: remote).add(to: router)
        UploadRoute(folder: remote.mediaFolder, limitBytes: settings[HTTPOptions.uploadLimit] * 1_048_576, files: files).add(to: router)
        let application = Application(
            router: router, server: server,
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: "playhead",
                                 // A board answers a few people and a monitor, not a crowd.
                                 availableConnectionsDelegate: MaximumAvailableConnections(32)),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? address.port) },
            logger: Logger(label: "http"))
        let scheme = certificate == nil ? "http" : "https"
        return .success(APIServer(application: application, files: files, description: "\(scheme)://\(listen)"))
    }

    public func run() async throws {
        defer { files.stop() }
        try await application.run()
    }

    /// The token: the file's first line, at least 16 characters; a file others can read is
    /// said to be one (it works, but anyone on the board could read the key to its screen).
    static func readToken(_ path: String) -> Result<[UInt8], CommandError> {
        let text: String
        switch FileInput.read(path, limit: 4096) {
        case .text(let t): text = t
        case .missing: return .failure(CommandError("the API token file \(path) is missing; put a token of 16 or more characters in it (or name another with --http-token-file)"))
        case .tooLarge: return .failure(CommandError("the API token file \(path) is over 4 KB; put one line, the token, in it"))
        case .unreadable(let why): return .failure(CommandError("the API token file \(path) cannot be read (\(why)); make it readable by playhead"))
        }
        let token = (text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "").trimmingCharacters(in: " ")
        guard token.utf8.count >= 16 else {
            return .failure(CommandError("the API token in \(path) is \(token.utf8.count) characters; use 16 or more (e.g. head -c 24 /dev/urandom | base64)"))
        }
        guard !token.utf8.contains(where: { $0 < 0x21 || $0 > 0x7E }) else {
            return .failure(CommandError("the API token in \(path) has spaces or characters outside printable ASCII; use letters, digits and punctuation"))
        }
        return .success(Array(token.utf8))
    }
}
