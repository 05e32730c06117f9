/// The supervisor's answer to a crash loop: playhead starts with only what must work for
/// someone to find out why (the screen showing the slate, the console and the socket), and
/// without what may be the cause (the playlist, the sound card).
struct SafeMode: Sendable {
    let reason: String
    /// 0: until someone restarts playhead.
    let seconds: Int
    let slate: String

    init?(settings: Settings) {
        guard let reason = settings[AppOptions.safeMode] else { return nil }
        self.reason = reason
        seconds = settings[AppOptions.safeModeSeconds]
        slate = settings[AppOptions.slate]
    }

    var banner: String {
        let retry = seconds > 0 ? "a normal start is tried again in \(seconds) s" : "a normal start waits for a restart"
        return "SAFE MODE: \(reason). Only the slate plays; the console answers (status, log, get, set, reload); \(retry)."
    }
}
