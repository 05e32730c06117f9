/// The player's options, declared once (help, options file, `get`/`set`, status) and read
/// through these constants (`settings[PlayerOptions.volume]`).
public enum PlayerOptions {
    public static let volume = OptionKey.number("volume", 0...1, default: 1, live: true, group: "player", help: "the volume, from 0 to 1")
    public static let mute = OptionKey.flag("mute", default: false, live: true, group: "player", help: "start and stay silent")
    public static let rate = OptionKey.number("rate", -64...64, default: 1, live: true, group: "player",
                                           help: "the rate `play` plays at: 0.5 to 2 keep the sound (time-stretched); others and reverse play muted")
    public static let loop = OptionKey.flag("loop", default: false, live: true, group: "player", help: "play the playlist over and over")
    public static let start = OptionKey.number("start", 0...1e9, group: "player", help: "start the first item at this many seconds")
    public static let untimed = OptionKey.flag("untimed", default: false, group: "player", help: "run as fast as decoding allows (tests, soak)")
    public static let decodeThreads = OptionKey.integer("decode-threads", 0...64, default: 0, group: "player",
                                                     help: "decoder threads per stream (0: FFmpeg chooses)")
    public static let networkTimeout = OptionKey.number("network-timeout", 0.5...600, default: 10, group: "player",
                                                     help: "seconds any network wait may take")
    public static let reconnect = OptionKey.flag("reconnect", default: true, group: "player",
                                              help: "reconnect a dropped HTTP stream (also on network errors and 5xx answers) before giving up on it")
    public static let reconnectDelayMax = OptionKey.number("reconnect-delay-max", 0...600, default: 5, group: "player",
                                                        help: "the longest FFmpeg waits between two reconnects, in seconds")
    public static let tlsVerify = OptionKey.flag("tls-verify", default: true, group: "player",
                                              help: "check HTTPS servers' certificates (items, HLS segments and keys); off only for a test server")
    public static let tlsCAFile = OptionKey.text("tls-ca-file", placeholder: "FILE", default: TLSPolicy.systemBundle, group: "player",
                                              help: "the certificate authorities HTTPS servers are checked against (PEM)")
    public static let restartAttempts = OptionKey.integer("restart-attempts", 0...100, default: 0, group: "player",
                                                       help: "tries of a failed item in a row (after 1 s, doubling) before the queue moves on; 0: skip at once")
    public static let restartDelayMax = OptionKey.number("restart-delay-max", 1...600, default: 30, group: "player",
                                                      help: "the longest wait before a failed item is tried again, in seconds")
    public static let stallLimit = OptionKey.number("stall-limit", 0...3600, default: 20, group: "player",
                                                 help: "seconds an item may stall (no data) before it counts as failed and is tried again; 0: no limit")
    public static let slateColor = OptionKey.text("slate-color", placeholder: "RRGGBB", default: "102040", group: "player",
                                               help: "the colour the screen shows while a failed item waits to be tried again")
    public static let imageDuration = OptionKey.number("image-duration", 0.1...86_400, default: 10, group: "player",
                                                    help: "seconds a still picture (JPEG, PNG, WebP) shows when its playlist gives no duration")
    public static let decodeCapacity = OptionKey<String?>.text(
        "decode-capacity", placeholder: "CODEC=PIXELS/S ...", group: "player",
        help: "what this board decodes in real time, as make bench measures it (h264=26M vp9=9M *=20M): an item beyond what is left "
            + "plays its key frames only, or is refused, with one line; unset: not limited") { text in
        if case .failure(let e) = DecodeCapacity.parse(text) { return e.message }
        return nil
    }

    public static let audioLanguages = OptionKey<String?>.text(
        "audio-languages", placeholder: "LANG,...", group: "player",
        help: "the languages to play an item's sound in, most wanted first (fr,en); an item without them plays its default track",
        check: { languageProblem($0) })
    public static let subtitleLanguages = OptionKey<String?>.text(
        "subtitle-languages", placeholder: "LANG,...", group: "player",
        help: "the languages to select subtitles in, most wanted first (listed by `tracks`; drawn on a subtitles= layer, a lone player's own)",
        check: { languageProblem($0) })
    public static let captions = OptionKey.flag(
        "captions", default: false, group: "player",
        help: "prefer captions where an item has them (CEA-608 in its video, or subtitles marked SDH): the sound's words for those who cannot hear it")

    static func languageProblem(_ list: String) -> String? {
        do throws(OptionError) {
            _ = try MediaSelectionCriteria.languages(list)
            return nil
        } catch {
            return error.message
        }
    }

    /// The languages items open with (the options were checked when read).
    public static func selectionCriteria(_ settings: Settings) -> MediaSelectionCriteria {
        MediaSelectionCriteria(audioLanguages: (try? MediaSelectionCriteria.languages(settings[audioLanguages] ?? "")) ?? [],
                               subtitleLanguages: (try? MediaSelectionCriteria.languages(settings[subtitleLanguages] ?? "")) ?? [],
                               prefersCaptions: settings[captions])
    }

    public static let declarations: [OptionDeclaration] = [
        volume.declaration, mute.declaration, rate.declaration, loop.declaration, start.declaration, untimed.declaration,
        decodeThreads.declaration, networkTimeout.declaration, reconnect.declaration, reconnectDelayMax.declaration,
        tlsVerify.declaration, tlsCAFile.declaration, restartAttempts.declaration, restartDelayMax.declaration, stallLimit.declaration, slateColor.declaration,
        imageDuration.declaration, decodeCapacity.declaration, audioLanguages.declaration, subtitleLanguages.declaration,
        captions.declaration,
    ]

    /// The restart settings the options give.
    public static func restart(_ settings: Settings) -> RestartPolicy.Settings {
        RestartPolicy.Settings(attempts: settings[restartAttempts], maxDelayMs: Int(settings[restartDelayMax] * 1000))
    }

    /// `slate-color` as 0xRRGGBB; a value that is not six hex digits gives the default.
    public static func slateRGB(_ settings: Settings) -> UInt32 {
        let text = settings[slateColor]
        guard text.count == 6, let v = UInt32(text, radix: 16) else { return 0x10_20_40 }
        return v
    }
}
