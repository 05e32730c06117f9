/// Route changes and interruptions: the policies decide, these steps carry their actions out on
/// the engine thread, through the same paths the public API uses.
extension PlaybackCore {
    var routing: (any AudioRouting)? { ports.routing }

    /// The policy that follows the devices, made before any device event can arrive.
    mutating func beginRouting(preferences: [String], available: [AudioRoute], resumesWhenBack: Bool) {
        guard let routing else { return }
        routePolicy = RoutePolicy(preferences: preferences, available: available, current: routing.currentRoute,
                                  isPlaying: !rate.isPaused)
        routePolicy?.resumesWhenBack = resumesWhenBack
    }

    mutating func carryOut(_ actions: [RoutePolicy.Action]) {
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
    private mutating func move(to route: AudioRoute) {
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
                let entry = ErrorLogEntry(date: ports.clock.now(), uri: route.device, error: error)
                emit(.newErrorLogEntry(entry), item: segments.first?.item)
                carryOut(interruptions.began(.pause, isPlaying: !rate.isPaused))
            }
            busyRoute = (route, ports.clock.now() + 500_000_000)
        } catch {
            let entry = ErrorLogEntry(date: ports.clock.now(), uri: route.device, error: error)
            emit(.newErrorLogEntry(entry), item: segments.first?.item)
            if let actions = routePolicy?.moveFailed(to: route, stillOn: routing.currentRoute) { carryOut(actions) }
        }
    }

    /// Asks for the busy device again when its time has come; returns when to ask next.
    mutating func retryBusyRoute(_ now: HostTime) -> HostTime? {
        guard let busy = busyRoute else { return nil }
        if now >= busy.retryAt { move(to: busy.route) }
        return busyRoute?.retryAt
    }

    mutating func carryOut(_ actions: [InterruptionPolicy.Action]) {
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
