/// Route changes and interruptions: the policies decide, these steps carry their actions out on
/// the engine thread, through the same paths the public API uses.
extension PlaybackEngine {
    /// The sink when it can move between devices and a monitor says when to.
    var routing: (any AudioRouting)? {
        guard env.routeMonitor != nil else { return nil }
        return env.audioSink as? any AudioRouting
    }

    /// Runs on the engine thread before the first command, so that the policy exists before
    /// any device event can arrive. The monitor calls back on its own thread: its events only
    /// enter the command queue.
    func startRouteMonitor() {
        // A suspended device is an interruption that ends by itself when the device plays again.
        env.audioSink.setInterruptionHandler { [weak self] began in
            self?.post(began ? .beginInterruption(.pause) : .endInterruption(shouldResume: true))
        }
        guard let monitor = env.routeMonitor, let routing else { return }
        routePolicy = RoutePolicy(preferences: env.routePreferences, available: monitor.availableRoutes(),
                                  current: routing.currentRoute, isPlaying: !rate.isPaused)
        routePolicy?.resumesWhenBack = env.resumeWhenRouteReturns
        monitor.start { [weak self] event in self?.post(.audioDevice(event)) }
    }

    func carryOut(_ actions: [RoutePolicy.Action]) {
        for action in actions {
            switch action {
            case .pause:
                if !rate.isPaused { rateBeforeRouteLoss = rate }
                setRate(.paused)
            case .resume:
                if let r = rateBeforeRouteLoss, rate.isPaused { setRate(r) }
                rateBeforeRouteLoss = nil
            case .move(let route):
                move(to: route)
            case .announce(var change):
                if change.reason == .oldDeviceUnavailable {
                    // Sound must not come back by itself on the fallback route, not even when
                    // an interruption that paused before the loss (so no .pause here) ends.
                    interruptions.cancelResume()
                    rateBeforeInterruption = nil
                }
                // What the policy believes after any fallback, not what it first intended.
                change.current = routePolicy?.current
                emit(.routeChanged(change), item: segments.first?.item)
            }
        }
    }

    /// A failed move is logged and handed back to the policy, which falls back to the next
    /// route or pauses when none is left; each failure rules a route out, so this ends.
    private func move(to route: AudioRoute) {
        guard let routing else { return }
        if let busy = busyRoute, busy.route != route {
            // The policy went elsewhere: the wait for the busy device is over, and what
            // happens next is the new route's business, not a resume.
            busyRoute = nil
            carryOut(interruptions.ended(shouldResume: false))
        }
        do throws(PlaybackError) {
            try routing.move(to: route)
            if busyRoute != nil {
                busyRoute = nil
                carryOut(interruptions.ended(shouldResume: true))
            }
        } catch where error.code == .deviceBusy {
            // Another program has the device (an announcement, a doorbell player): that is
            // an interruption, not a broken route. Pause once, then ask again now and then.
            if busyRoute == nil {
                let entry = ErrorLogEntry(date: env.clock.now(), uri: route.device, error: error)
                emit(.newErrorLogEntry(entry), item: segments.first?.item)
                carryOut(interruptions.began(.pause, isPlaying: !rate.isPaused))
            }
            busyRoute = (route, env.clock.now() + 500_000_000)
        } catch {
            let entry = ErrorLogEntry(date: env.clock.now(), uri: route.device, error: error)
            emit(.newErrorLogEntry(entry), item: segments.first?.item)
            if let actions = routePolicy?.moveFailed(to: route, stillOn: routing.currentRoute) { carryOut(actions) }
        }
    }

    /// Asks for the busy device again when its time has come; returns when to ask next.
    func retryBusyRoute(_ now: HostTime) -> HostTime? {
        guard let busy = busyRoute else { return nil }
        if now >= busy.retryAt { move(to: busy.route) }
        return busyRoute?.retryAt
    }

    func carryOut(_ actions: [InterruptionPolicy.Action]) {
        for action in actions {
            switch action {
            case .pause:
                rateBeforeInterruption = rate
                setRate(.paused)
            case .resume:
                // A failed player stays stopped (see checkOutputs).
                if let previous = rateBeforeInterruption, status != .failed { setRate(previous) }
                rateBeforeInterruption = nil
            case .duck(let gain):
                duckGain = gain
            case .unduck:
                duckGain = 1
            case .announceBegan(let ducking):
                emit(.interruptionBegan(ducking: ducking), item: segments.first?.item)
            case .announceEnded(let shouldResume):
                emit(.interruptionEnded(shouldResume: shouldResume), item: segments.first?.item)
            }
        }
    }
}
