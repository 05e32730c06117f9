/// The words of every command, their usage and one line of help, and the parser. Every input
/// reads lines through here, so all of them accept and refuse the same things.
public enum CommandGrammar {
    public struct Entry: Sendable {
        public let name: String
        public let usage: String
        public let help: String
    }

    public static let entries: [Entry] = [
        Entry(name: "play", usage: "play", help: "play at the default rate"),
        Entry(name: "pause", usage: "pause", help: "pause"),
        Entry(name: "toggle", usage: "toggle", help: "play when paused, pause when playing"),
        Entry(name: "stop", usage: "stop", help: "stop and go back to the first item"),
        Entry(name: "next", usage: "next", help: "skip to the next item"),
        Entry(name: "previous", usage: "previous", help: "the previous item (the start of this one after 3 s)"),
        Entry(name: "restart", usage: "restart", help: "play the current item again from its start"),
        Entry(name: "seek", usage: "seek [+|-]SECONDS [exact|fast]",
              help: "seek to a time, or by an amount with + or -; exact (default) or fast (nearest key frame)"),
        Entry(name: "rate", usage: "rate R", help: "play at rate R (0.5 to 2 keep the sound; negative plays backwards)"),
        Entry(name: "step", usage: "step [N]", help: "pause and show the picture N after this one (1 unless given; negative: before)"),
        Entry(name: "tracks", usage: "tracks", help: "the sound and subtitle tracks of the item playing, with their languages, the ones playing marked"),
        Entry(name: "track", usage: "track audio|subtitles LANGUAGE|N|off",
              help: "play the sound or show the subtitles in a language (fr, de...), or track N of `tracks`; subtitles off"),
        Entry(name: "volume", usage: "volume [+|-]V", help: "set the volume (0 to 1), or change it by V"),
        Entry(name: "mute", usage: "mute [toggle]", help: "silence the sound; toggle: silence it, or bring it back when silent"),
        Entry(name: "unmute", usage: "unmute", help: "bring the sound back"),
        Entry(name: "queue", usage: "queue", help: "list the playlist, the current item marked"),
        Entry(name: "add", usage: "add URL|FILE [at N]", help: "add an item at the end, or at position N"),
        Entry(name: "remove", usage: "remove N", help: "remove the Nth item of `queue`"),
        Entry(name: "clear", usage: "clear", help: "empty the playlist"),
        Entry(name: "route", usage: "route [NAME]", help: "list sound routes, or send the sound to one (by name, card or device)"),
        Entry(name: "gpio", usage: "gpio", help: "the GPIO chips and lines, and the buttons and light of the map"),
        Entry(name: "schedule", usage: "schedule", help: "today's parts of the schedule, what is in force and the next change"),
        Entry(name: "cec", usage: "cec", help: "the HDMI-CEC adapter, the address claimed, the TV's power and the last frames on the bus"),
        Entry(name: "mqtt", usage: "mqtt", help: "the MQTT broker, the link, the topics, and the messages taken, dropped and failed"),
        Entry(name: "content", usage: "content", help: "content sync: the manifest's address, the generation playing, and the download in hand"),
        Entry(name: "sync", usage: "sync", help: "ask the content server for its manifest now (content-url)"),
        Entry(name: "display", usage: "display [on|off]", help: "connector, mode, plane and scaler, with the modes and planes; or the screen switched off (playback paused) or on"),
        Entry(name: "screenshot", usage: "screenshot", help: "save the next frame as shown into screenshot-dir, and say its name (needs a writeback connector)"),
        Entry(name: "status", usage: "status", help: "what plays, where, and how well"),
        Entry(name: "layer", usage: "layer [NAME [COMMAND]]",
              help: "the screen's layers, one layer's state, or a command for its player (play, pause, toggle, next, restart, seek, volume, mute, unmute)"),
        Entry(name: "stats", usage: "stats", help: "playback, display and sound counters"),
        Entry(name: "log", usage: "log trace|debug|info|notice|warning|error|critical", help: "set the log level"),
        Entry(name: "events", usage: "events on|off", help: "print player events here as they happen"),
        Entry(name: "get", usage: "get [NAME]", help: "an option's value and where it came from, or all of them"),
        Entry(name: "set", usage: "set NAME VALUE", help: "change an option that can change while playing"),
        Entry(name: "reload", usage: "reload", help: "read the options file again (a bad file changes nothing)"),
        Entry(name: "version", usage: "version", help: "playhead's version"),
        Entry(name: "update", usage: "update [URL|FILE [force]]",
              help: "the slots and the last install; with a RAUC bundle, install it into the other slot (force: even an older one)"),
        Entry(name: "help", usage: "help [COMMAND]", help: "this list, or one command's usage"),
        Entry(name: "json", usage: "json", help: "answer in JSON lines"),
        Entry(name: "text", usage: "text", help: "answer in text"),
        Entry(name: "debug", usage: "debug wedge SECONDS",
              help: "tests only (with --debug-commands): block the playback loop, as a wedged one would"),
        Entry(name: "interruption", usage: "interruption begin [duck GAIN] | interruption end [resume|keep-paused]",
              help: "something else has the sound (a doorbell, an announcement), and when it is over"),
    ]

    public static func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    public static func parse(_ line: String) -> Result<ConsoleCommand, CommandError> {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }).map(String.init)
        guard let first = words.first else { return .failure(CommandError("empty command; `help` lists the commands")) }
        let name = first.lowercased()
        let args = Array(words.dropFirst())
        guard let entry = entry(name) else {
            return .failure(CommandError("unknown command '\(first)'; `help` lists the commands"))
        }
        let bad = { (why: String) -> Result<ConsoleCommand, CommandError> in
            .failure(CommandError("\(why); usage: \(entry.usage)"))
        }
        func none(_ c: ConsoleCommand) -> Result<ConsoleCommand, CommandError> {
            args.isEmpty ? .success(c) : bad("\(name) takes no argument")
        }
        switch name {
        case "play": return none(.play)
        case "pause": return none(.pause)
        case "toggle": return none(.toggle)
        case "stop": return none(.stop)
        case "next": return none(.next)
        case "previous": return none(.previous)
        case "restart": return none(.restart)
        case "mute":
            if args.count == 1 && args[0].lowercased() == "toggle" { return .success(.toggleMute) }
            return none(.mute(true))
        case "unmute": return none(.mute(false))
        case "queue": return none(.queue)
        case "tracks": return none(.tracks)
        case "track": return parseTrack(args)
        case "clear": return none(.clear)
        case "display":
            guard let word = args.first?.lowercased() else { return .success(.display) }
            guard args.count == 1, word == "on" || word == "off" else { return bad("display takes on or off, or nothing") }
            return .success(.displayPower(word == "on"))
        case "gpio": return none(.gpio)
        case "schedule": return none(.schedule)
        case "cec": return none(.cec)
        case "mqtt": return none(.mqtt)
        case "content": return none(.content)
        case "sync": return none(.sync)
        case "status": return none(.status)
        case "stats": return none(.stats)
        case "reload": return none(.reload)
        case "version": return none(.version)
        case "json": return none(.format(.json))
        case "text": return none(.format(.text))
        case "seek":
            guard (1...2).contains(args.count), let amount = amount(args[0]) else { return bad("seek needs a number of seconds") }
            var exact = true
            if args.count == 2 {
                switch args[1].lowercased() {
                case "exact": exact = true
                case "fast": exact = false
                default: return bad("'\(args[1])' is neither exact nor fast")
                }
            }
            if case .absolute(let s) = amount, s < 0 { return bad("a time cannot be negative") }
            return .success(.seek(amount, exact: exact))
        case "rate":
            guard args.count == 1, let r = Double(args[0]), r.isFinite, r != 0, abs(r) <= 64 else {
                return bad("rate needs a non-zero number from -64 to 64 (pause stops)")
            }
            return .success(.rate(r))
        case "step":
            if args.isEmpty { return .success(.step(1)) }
            guard args.count == 1, let n = Int(args[0]), n != 0, abs(n) <= 10_000 else {
                return bad("step needs a whole number of pictures other than 0, from -10000 to 10000")
            }
            return .success(.step(n))
        case "volume":
            guard args.count == 1, let amount = amount(args[0]) else { return bad("volume needs a number") }
            if case .absolute(let v) = amount, !(0...1).contains(v) { return bad("a volume is from 0 to 1") }
            if case .relative(let v) = amount, !(-1...1).contains(v) { return bad("a change of volume is from -1 to +1") }
            return .success(.volume(amount))
        case "add":
            if args.count == 1 { return .success(.add(args[0], at: nil)) }
            guard args.count == 3, args[1].lowercased() == "at", let n = Int(args[2]), n >= 1 else {
                return bad("add needs one URL or file, and `at N` counts from 1")
            }
            return .success(.add(args[0], at: n))
        case "remove":
            guard args.count == 1, let n = Int(args[0]), n >= 1 else { return bad("remove needs a position from `queue`, counting from 1") }
            return .success(.remove(n))
        case "route":
            return .success(.route(args.isEmpty ? nil : args.joined(separator: " ")))
        case "screenshot":
            // A client names no file: it could otherwise write wherever playhead may.
            guard args.isEmpty else { return bad("screenshot takes no file name; it saves into screenshot-dir and says the name") }
            return .success(.screenshot)
        case "log":
            guard args.count == 1, logLevels.contains(args[0].lowercased()) else { return bad("unknown log level") }
            return .success(.log(args[0].lowercased()))
        case "events":
            switch args.map({ $0.lowercased() }) {
            case ["on"]: return .success(.events(true))
            case ["off"]: return .success(.events(false))
            default: return bad("events needs on or off")
            }
        case "get":
            guard args.count <= 1 else { return bad("get takes one option name") }
            return .success(.get(args.first))
        case "set":
            guard args.count >= 2 else { return bad("set needs an option name and a value") }
            return .success(.set(args[0], args.dropFirst().joined(separator: " ")))
        case "update":
            if args.isEmpty { return .success(.update(nil, force: false)) }
            guard args.count <= 2, args.count == 1 || args[1].lowercased() == "force" else {
                return bad("update takes one URL or file, and optionally force")
            }
            return .success(.update(args[0], force: args.count == 2))
        case "help":
            guard args.count <= 1 else { return bad("help takes one command name") }
            return .success(.help(args.first?.lowercased()))
        case "debug":
            guard args.count == 2, args[0].lowercased() == "wedge", let s = Double(args[1]), s > 0, s <= 600 else {
                return bad("debug takes `wedge` and 1 to 600 seconds")
            }
            return .success(.debugWedge(seconds: s))
        case "interruption":
            return interruption(args.map { $0.lowercased() }, bad: bad)
        case "layer":
            guard let name = args.first else { return .success(.layer(nil, nil)) }
            guard LayerName.isValid(name) else { return bad(LayerName.rule(name)) }
            guard args.count > 1 else { return .success(.layer(name, nil)) }
            switch LayerCommand.parse(Array(args.dropFirst())) {
            case .success(let c): return .success(.layer(name, c))
            case .failure(let e): return .failure(CommandError("layer \(name): \(e.message)"))
            }
        default:
            return .failure(CommandError("unknown command '\(first)'; `help` lists the commands"))
        }
    }

    private static func amount(_ word: String) -> ConsoleCommand.Amount? {
        if word.hasPrefix("+"), let v = Double(word.dropFirst()), v.isFinite { return .relative(v) }
        if word.hasPrefix("-"), let v = Double(word.dropFirst()), v.isFinite { return .relative(-v) }
        if let v = Double(word), v.isFinite { return .absolute(v) }
        return nil
    }

    private static func interruption(_ w: [String], bad: (String) -> Result<ConsoleCommand, CommandError>)
        -> Result<ConsoleCommand, CommandError> {
        switch w {
        case ["begin"]: return .success(.beginInterruption(duck: nil))
        case let w where w.count == 3 && w[0] == "begin" && w[1] == "duck":
            guard let gain = Float(w[2]), gain >= 0, gain <= 1 else { return bad("duck gain '\(w[2])' is not a number from 0 to 1") }
            return .success(.beginInterruption(duck: gain))
        case ["end"], ["end", "resume"]: return .success(.endInterruption(shouldResume: true))
        case ["end", "keep-paused"]: return .success(.endInterruption(shouldResume: false))
        default: return bad("not an interruption command")
        }
    }
}
