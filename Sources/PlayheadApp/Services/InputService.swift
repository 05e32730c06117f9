import ServiceLifecycle

/// An input (the console, the socket, the FIFO) as a service: started with the group, stopped
/// when graceful shutdown reaches it, which is before the player stops.
struct InputService: Service {
    let name: String
    let start: @Sendable () -> Void
    let stop: @Sendable () -> Void

    func run() async throws {
        start()
        try? await gracefulShutdown()
        stop()
    }
}
