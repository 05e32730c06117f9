import PlayheadCore
@testable import PlayheadHTTP
import PlayheadSys
import PlayheadTestSupport
import ServiceLifecycle
import Synchronization

/// The API server made from options as the appliance makes it, on a free loopback port, with a
/// client; stopped the way the appliance stops it (graceful shutdown).
struct LiveServer {
    static let token = "abcdefghijklmnop1234"
    static var bearer: [(String, String)] { [("Authorization", "Bearer \(token)")] }

    static func settings(_ folder: TemporaryDirectory, _ extra: [String] = []) -> Settings {
        let catalog = OptionCatalog([HTTPOptions.declarations])
        let parsed = try! CommandLineOptions.parse(["--http-listen", "127.0.0.1:0", "--http-token-file", folder.file("token")] + extra,
                                                   catalog: catalog).get()
        return Settings(catalog: catalog, commandLine: parsed.0)
    }

    /// Runs `body` with a client of a server made from `extra` options and `remote`.
    static func run<T: Sendable>(_ remote: FakeRemote, _ extra: [String] = [], folder: TemporaryDirectory = TemporaryDirectory(),
                                 _ body: @Sendable (Client, ServiceGroup) async throws -> T) async throws -> T {
        try writeFile(folder.file("token"), token + "\n")
        let (ports, portInput) = AsyncStream<Int>.makeStream()
        let server = try APIServer.make(settings: settings(folder, extra), remote: remote, onListening: { portInput.yield($0) }).get()!
        let group = ServiceGroup(configuration: .init(services: [server], logger: .init(label: "test")))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let client = Client(http: LoopbackHTTP(port: await iterator.next()!))
            defer { _ = folder }
            do {
                let value = try await body(client, group)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }

    /// The loopback client with the token sent unless told otherwise.
    struct Client: Sendable {
        let http: LoopbackHTTP
        func send(_ path: String, _ method: String = "GET", headers: [(String, String)] = LiveServer.bearer,
                  body: String? = nil) async throws -> LoopbackHTTP.Response {
            try await http.send(path, method, headers: headers, body: body.map { Array($0.utf8) })
        }
    }

    static func writeFile(_ path: String, _ text: String) throws {
        try AtomicFile.write(text, to: path, mode: 0o600)
    }
}
