import Playhead
import Synchronization

/// Carries out every command, from every input, in one place. Commands only post to the
/// player's engine, so no input ever waits on playback, and playback never waits on an input.
public final class CommandRouter: Sendable {
    struct State: Sendable {
        var playlist: Playlist
        var settings: Settings
        var sessions: [ObjectIdentifier: ControlSession] = [:]
        /// `stop` was the last transport command: status says stopped, not paused.
        var stopped = false
        /// The queue was emptied by a command (clear, remove): its end is not the playlist's.
        var emptiedOnPurpose = false
        /// `display off` paused playback: `display on` plays again.
        var pausedForScreenOff = false
        /// A schedule's change waiting for the end of the item (`schedule-change = item-end`).
        var scheduleGate = ScheduleChangeGate<ScheduleChange>()
        /// A new content generation waiting for the end of the item.
        var contentGate = ScheduleChangeGate<ContentChange>()
    }

    let player: any PlayerControl
    /// The other layers' players, when the screen has several.
    let layers: (any LayerControl)?
    let hooks: RouterHooks
    let state: Mutex<State>
    let startedAt: Int64

    public init(player: any PlayerControl, playlist: Playlist, settings: Settings, hooks: RouterHooks, layers: (any LayerControl)? = nil) {
        self.player = player
        self.layers = layers
        self.hooks = hooks
        state = Mutex(State(playlist: playlist, settings: settings))
        startedAt = hooks.now()
    }

    public var settings: Settings { state.withLock { $0.settings } }
    public var playlist: Playlist { state.withLock { syncCurrent(&$0) ; return $0.playlist } }
    var loops: Bool { state.withLock { $0.settings[PlayerOptions.loop] } }

    /// Whether an empty queue came from a command rather than from the end of the playlist.
    public var queueEmptiedOnPurpose: Bool { state.withLock { $0.emptiedOnPurpose } }

    /// Starts the playlist from its first entry, or from `entryID` (a saved place), or
    /// nothing when it is empty.
    public func start(from entryID: Int? = nil) {
        // Handed over under the lock, as every queue edit is (see CommandRouter+Queue).
        state.withLock { s in
            s.playlist.currentID = s.playlist.entry(id: entryID)?.id ?? s.playlist.entries.first?.id
            player.play(entries: s.playlist.order(from: s.playlist.currentID, loop: s.settings[PlayerOptions.loop]))
        }
    }

    public func register(_ session: ControlSession) {
        state.withLock { $0.sessions[ObjectIdentifier(session)] = session }
    }

    public func unregister(_ session: ControlSession) {
        _ = state.withLock { $0.sessions.removeValue(forKey: ObjectIdentifier(session)) }
    }

    /// A line from an input, answered in that session's format.
    public func handle(line: String, from session: ControlSession) -> String {
        let reply: Reply
        switch CommandGrammar.parse(line) {
        case .failure(let e): reply = .error(e.message)
        case .success(.format(let f)):
            session.format = f
            reply = .done
        case .success(.events(let on)):
            session.followsEvents = on
            reply = .done
        case .success(let command): reply = perform(command)
        }
        return reply.rendered(as: session.format)
    }

    /// Events for the sessions that follow them.
    public func publish(_ event: PlayerEvent, text: String, json: String) {
        let sessions = state.withLock { Array($0.sessions.values) }
        let now = hooks.now()
        for s in sessions { s.offer({ $0 == .json ? json : text }, nowNanoseconds: now) }
    }

    /// The command carried out; every path answers, none throws.
    public func perform(_ command: ConsoleCommand) -> Reply {
        switch command {
        // Without a layer's name, play and pause mean the whole screen.
        case .play:
            state.withLock { $0.stopped = false }
            player.play()
            layers?.playAll()
        case .pause:
            player.pause()
            layers?.pauseAll()
        case .toggle:
            if player.isPaused {
                state.withLock { $0.stopped = false }
                player.play()
                layers?.playAll()
            } else {
                player.pause()
                layers?.pauseAll()
            }
        case .layer(let name, let command): return layer(name, command)
        case .stop: stop()
        case .next: player.advance()
        case .previous: previous()
        case .restart: player.seek(toSeconds: 0, exact: true)
        case .seek(let amount, let exact): return seek(amount, exact: exact)
        case .rate(let r):
            if let refusal = player.requestRate(r) { return .error(refusal) }
            state.withLock { $0.stopped = false }
        case .step(let n):
            if let refusal = player.step(by: n) { return .error(refusal) }
        case .volume(let amount):
            let v = amount.volume(from: player.volume)
            player.volume = v
            let rounded = (Double(v) * 1000).rounded() / 1000
            // `get volume` and `status` then agree with what is heard.
            state.withLock { _ = $0.settings.set("volume", String(rounded)) }
            return .ok(.object([.init("volume", .double(rounded))]))
        case .mute(let m):
            player.isMuted = m
            state.withLock { _ = $0.settings.set("mute", m ? "yes" : "no") }
        case .toggleMute:
            let m = !player.isMuted
            player.isMuted = m
            state.withLock { _ = $0.settings.set("mute", m ? "yes" : "no") }
        case .queue: return .ok(queueReply())
        case .tracks: return tracksReply()
        case .track(let characteristic, let choice): return selectTrack(characteristic, choice)
        case .add(let location, let at): return add(location, at: at)
        case .remove(let n): return remove(n)
        case .clear: clear()
        case .route(let name): return route(name)
        case .display: return .ok(player.display())
        case .displayPower(let on): return screenPower(on)
        case .gpio: return .ok(hooks.gpio())
        case .schedule: return .ok(hooks.schedule())
        case .cec: return .ok(hooks.cec())
        case .mqtt: return .ok(hooks.mqtt())
        case .content: return .ok(hooks.content())
        case .sync: return hooks.contentSync().map { .ok($0) } ?? .error(RouterHooks.noContent)
        case .debugWedge(let seconds):
            guard settings[AppOptions.debugCommands] else {
                return .error("debug commands are off; start playhead with --debug-commands (for tests only)")
            }
            AppLog.warning("debug: the playback loop is blocked for \(seconds) s on purpose")
            player.wedgeForTesting(seconds: seconds)
        case .screenshot:
            switch player.screenshot() {
            case .failure(let e): return .error(e.message)
            case .success(let path): return .ok(.object([.init("screenshot", .string(path))]))
            }
        case .status: return .ok(status())
        case .stats: return .ok(.object(player.statistics()))
        case .log(let level): hooks.setLogLevel(level)
        case .get(let name): return get(name)
        case .set(let name, let value): return set(name, value)
        case .reload: return reload()
        case .version: return .ok(.object([.init("version", .string(hooks.version))]))
        case .update(let word, let force): return update(word, force: force)
        case .help(let name): return help(name)
        case .beginInterruption(let duck): player.beginInterruption(duck: duck)
        case .endInterruption(let resume): player.endInterruption(shouldResume: resume)
        case .format, .events: break
        }
        return .done
    }

    /// The playlist's current entry follows the player's (it moves on by itself).
    func syncCurrent(_ s: inout State) {
        if let id = player.currentEntryID { s.playlist.currentID = id }
    }
}
