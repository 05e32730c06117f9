import ServiceLifecycle

/// Ends safe mode after its time with status 0, so the supervisor tries a normal start again
/// rather than keep a board on its slate until someone comes by.
struct SafeModeTimerService: Service {
    let seconds: Int
    let exit: ExitBox

    func run() async throws {
        do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(seconds)) } } catch { return }
        AppLog.notice("safe mode has lasted \(seconds) s; leaving it so that a normal start is tried")
        exit.set(0)
    }
}
