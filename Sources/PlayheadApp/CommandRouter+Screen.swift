import PlayheadCore

extension CommandRouter {
    /// `display off`: the screen switched off and playback paused (decoding stops with it), or
    /// with `screen-off-sound = keep` playing on unseen; `display on`: the screen on again, and
    /// playback going on when the off paused it.
    func screenPower(_ on: Bool) -> Reply {
        let keepSound = settings[AppOptions.screenOffSound] == "keep"
        if let why = player.setScreenPower(on, keepingSound: keepSound) { return .error(why) }
        let resume = state.withLock { s -> Bool in
            let resume = on && s.pausedForScreenOff
            s.pausedForScreenOff = on || keepSound ? false : (s.pausedForScreenOff || !player.isPaused)
            return resume
        }
        if !on && !keepSound {
            _ = perform(.pause)
        } else if resume {
            _ = perform(.play)
        }
        AppLog.notice("display: the screen is switched \(on ? "on" : "off")\(!on && keepSound ? "; the sound plays on (screen-off-sound keep)" : "")")
        hooks.screenSwitched(on)
        return .done
    }
}
