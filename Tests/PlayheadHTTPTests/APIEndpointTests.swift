import PlayheadCore
@testable import PlayheadHTTP
import PlayheadSys
import PlayheadTestSupport
import Testing

/// What each endpoint answers, against a fake remote, on a live server on loopback.
@Suite struct APIEndpointTests {
    @Test func aCommandLineReachesTheRouterAndIsAnsweredAsTheSocketAnswers() async throws {
        let remote = FakeRemote()
        try await LiveServer.run(remote) { client, _ in
            let ok = try await client.send("/api/command", "POST", body: "pause\n")
            #expect(ok.status == 200)
            #expect(ok.text == "{\"ok\":true,\"reply\":null}\n")
            // Refused by the router: the request itself was fine, the answer says why (as the socket's).
            let bad = try await client.send("/api/command", "POST", body: "bogus")
            #expect(bad.status == 200)
            #expect(bad.text.hasPrefix(#"{"ok":false,"error":"unknown command"#))
            let empty = try await client.send("/api/command", "POST", body: "  \n")
            #expect(empty.status == 400)
            let two = try await client.send("/api/command", "POST", body: "pause\nplay")
            #expect(two.status == 400)
            let long = try await client.send("/api/command", "POST", body: String(repeating: "x", count: 5000))
            #expect(long.status == 413)
            _ = try await client.send("/api/queue")
            #expect(remote.state.withLock { $0.lines } == ["pause", "bogus", "queue"])
        }
    }

    @Test func theLogTailIsAJSONListOfTheNewestLines() async throws {
        try await LiveServer.run(FakeRemote()) { client, _ in
            let two = try await client.send("/api/log?lines=2")
            #expect(two.text == "[\"two \\\"quoted\\\"\",\"three\"]\n")
            for bad in ["lines=0", "lines=201", "lines=x", "lines=1&lines=2"] {
                let r = try await client.send("/api/log?\(bad)")
                #expect(r.status == 400, "\(bad)")
            }
        }
    }

    @Test func metricsAreInPrometheusTextFormat() async throws {
        let remote = FakeRemote()
        try await LiveServer.run(remote) { client, _ in
            let first = try await client.send("/metrics")
            #expect(first.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(first.text.contains("# TYPE playhead_frames_presented_total counter\nplayhead_frames_presented_total 10"))
            #expect(first.text.contains(#"playhead_temperature_celsius{zone="cpu-thermal"} 41.5"#))
            remote.state.withLock { $0.presented = 25 }
            #expect(try await client.send("/metrics").text.contains("playhead_frames_presented_total 25"))
        }
    }

    @Test func theScreenshotIsAPNGOrTheReasonThereIsNone() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try await LiveServer.run(FakeRemote(screen: .success(png))) { client, _ in
            let r = try await client.send("/api/screenshot")
            #expect(r.header("Content-Type") == "image/png")
            #expect(r.body == png)
        }
        try await LiveServer.run(FakeRemote()) { client, _ in
            let r = try await client.send("/api/screenshot")
            #expect(r.status == 409)
            #expect(r.text.contains("screenshots need --video-output drm"))
        }
    }

    @Test func aKnownPathAskedWithAnotherMethodSaysWhichItTakes() async throws {
        try await LiveServer.run(FakeRemote()) { client, _ in
            let r = try await client.send("/api/status", "DELETE")
            #expect(r.status == 405)
            #expect(r.header("Allow") == "GET, HEAD")
            let upload = try await client.send("/api/media/a.mp4", "GET")
            #expect(upload.header("Allow") == "PUT")
            #expect(try await client.send("/nowhere").status == 404)
        }
    }

    /// The feed sends what happens; the server's shutdown ends it (so an open page never holds
    /// the appliance's exit) and lets go of the router's session.
    @Test(.timeLimit(.minutes(1))) func eventsStreamUntilTheServerStopsAndThenLetGo() async throws {
        let remote = FakeRemote()
        try await LiveServer.run(remote) { client, group in
            async let response = client.send("/api/events")
            var follows = remote.followed.makeAsyncIterator()
            _ = await follows.next()
            #expect(remote.followers == 1)
            await group.triggerGracefulShutdown()
            let r = try await response
            #expect(r.header("Content-Type") == "text/event-stream")
            #expect(r.text == ": playhead events\n\ndata: {\"event\":\"rateChanged\",\"rate\":1}\n\n")
            #expect(remote.followers == 0)
            #expect(remote.state.withLock { $0.stopped } == 1)
        }
    }
}
