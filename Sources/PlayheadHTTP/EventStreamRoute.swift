import Hummingbird
import ServiceLifecycle

/// `GET /api/events`: the player's events as server-sent events, one JSON line each, for as
/// long as the client stays. A comment every 15 s finds a client that went away without a
/// word; a slow client loses the oldest events (the last 256 wait), never the player's time.
struct EventStreamRoute {
    let remote: any RemoteControl

    func add(to router: Router<PeerContext>) {
        router.get("/api/events") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                let (lines, input) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
                let following = remote.followEvents { input.yield("data: " + $0 + "\n\n") }
                let beat = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(15))
                        input.yield(": still here\n\n")
                    }
                }
                defer {
                    beat.cancel()
                    following.stop()
                }
                // The server's shutdown ends the feed, so no open stream holds the appliance's exit.
                try await withGracefulShutdownHandler {
                    try await writer.write(ByteBuffer(string: ": playhead events\n\n"))
                    for await line in lines { try await writer.write(ByteBuffer(string: line)) }
                } onGracefulShutdown: {
                    input.finish()
                }
                try await writer.finish(nil)
            })
        }
    }
}
