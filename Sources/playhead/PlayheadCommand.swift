import ArgumentParser
import PlayheadApp

/// The executable: its own few flags, and every declared option passed to the appliance.
@main
struct PlayheadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playhead",
        abstract: "Plays files, folders, M3U playlists, http(s)/HLS and udp/rtp streams on the screen (DRM/KMS) and sound card (ALSA).",
        usage: "playhead [--config FILE] [--ignore-bad-config] [OPTIONS] [FILE|DIR|PLAYLIST.m3u|URL]...",
        discussion: """
        Every option below can also be a line `name = value` of the options file, and most can be read \
        and changed at the console (`get`, `set`). The command line wins over the file.
        \(CommandLineOptions.help(AppOptions.catalog))

        Exit status: 0 every item played; 2 no item could be played; 3 an output failed; 4 some items \
        failed; 64 bad arguments or options file; 128+N stopped by signal N.
        """,
        version: Appliance.version)

    @Option(help: "The options file (default: \(AppOptions.defaultConfigPath), skipped when missing).")
    var config: String?

    @Flag(help: "Start with the defaults when the options file has a bad line, instead of stopping.")
    var ignoreBadConfig = false

    @Argument(parsing: .allUnrecognized, help: "Options (below), then what to play.")
    var arguments: [String] = []

    func run() async throws {
        let status = await Appliance.run(.init(arguments: arguments, configPath: config, ignoreBadConfig: ignoreBadConfig))
        if status != 0 { throw ExitCode(status) }
    }
}
