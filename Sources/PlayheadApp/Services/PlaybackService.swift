import ServiceLifecycle

/// The player and its outputs: first in the group, so graceful shutdown reaches it last, once
/// no input can send it anything more.
struct PlaybackService: Service {
    let shutdown: Shutdown
    let exit: ExitBox

    func run() async throws {
        try? await gracefulShutdown()
        // The end of the queue lets its last sound be heard; a signal or a failure does not wait.
        shutdown.run(keepSound: exit.status == 0)
    }
}
