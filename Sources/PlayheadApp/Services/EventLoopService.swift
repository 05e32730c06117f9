import Playhead
import ServiceLifecycle

/// The player's events, in order: printed, sent to the sessions that follow them, counted for
/// the exit status; the end of the playlist or a failed output ends the run.
struct EventLoopService: Service {
    let events: AsyncStream<PlayerEvent>
    let printer: EventPrinter
    let router: CommandRouter
    let exit: ExitBox
    let link: ServiceManagerLink
    /// Safe mode waits at the end whatever `at-end` says: it must stay up to be asked why.
    let holdAtEnd: Bool
    /// Told of every change worth keeping in the state file.
    var keeper: PlaceKeeper? = nil
    /// Counts items started, ended, failed and restarted for /metrics.
    var tally: EventTally? = nil

    func run() async throws {
        var playedToEnd = 0
        var failed = 0
        for await event in events.cancelOnGracefulShutdown() {
            printer.print(event)
            tally?.count(event)
            link.observe(event)
            switch event.kind {
            case .currentItemChanged, .rateChanged, .seekCompleted: keeper?.note()
            default: break
            }
            if case .currentItemChanged = event.kind {
                router.scheduleItemChanged()
                router.contentItemChanged()
            }
            router.publish(event, text: ControlCharacters.escaped(event.description), json: printer.json(event))
            switch event.kind {
            case .didPlayToEndTime:
                playedToEnd += 1
            case .failedToPlayToEndTime(let error):
                failed += 1
                AppLog.error(error.message)
            case .itemRestarting(let attempt, let delay, let error):
                AppLog.warning("\(error.message); trying it again in \(Int(delay.rounded())) s (restart \(attempt) in a row)")
            case .playerStatusChanged(.failed, let error):
                // The outputs are gone for good: nothing more can play, so say so and stop.
                AppLog.error("the player failed: \(error?.message ?? "its outputs stopped working")")
                exit.set(ExitStatus.outputFailed)
                return
            case .currentItemChanged where event.item == nil:
                if router.queueEmptiedOnPurpose { continue }
                if holdAtEnd || router.settings[AppOptions.atEnd] == .wait {
                    AppLog.notice("the playlist ended; waiting for commands")
                    continue
                }
                exit.set(ExitStatus.atEnd(playedToEnd: playedToEnd, failed: failed))
                return
            default:
                break
            }
        }
    }
}
