import PlayheadCore

extension CommandRouter {
    /// `display off`: the screen switched off and playback paused (decoding stops with it);
    /// `display on`: the screen on again, and playback going on when the off paused it.
    func screenPower(_ on: Bool) -> Reply {
        if let why = player.setScreenPower(on) { return .error(why) }
        let resume = state.withLock { s -> Bool in
            defer { s.pausedForScreenOff = on ? false : (s.pausedForScreenOff || !player.isPaused) }
            return on && s.pausedForScreenOff
        }
        if !on {
            _ = perform(.pause)
        } else if resume {
            _ = perform(.play)
        }
        AppLog.notice("display: the screen is switched \(on ? "on" : "off")")
        hooks.screenSwitched(on)
        return .done
    }
}
