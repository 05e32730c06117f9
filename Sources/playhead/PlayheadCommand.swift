import ArgumentParser
import Playhead
import PlayheadFFmpeg

@main
struct PlayheadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playhead",
        abstract: "Plays a queue of media files and http(s)/HLS streams.")

    enum VideoOutput: String, ExpressibleByArgument, CaseIterable { case null }
    enum AudioOutput: String, ExpressibleByArgument, CaseIterable { case null }
    enum EventFormat: String, ExpressibleByArgument, CaseIterable { case jsonl, text, none }

    @Option(help: "Where pictures go: \(VideoOutput.allCases.map(\.rawValue).joined(separator: ", ")).")
    var videoOutput: VideoOutput = .null

    @Option(help: "Where sound goes: \(AudioOutput.allCases.map(\.rawValue).joined(separator: ", ")).")
    var audioOutput: AudioOutput = .null

    @Flag(help: "Play the queue over and over.")
    var loop = false

    @Option(help: "Start the first item at this many seconds.")
    var start: Double?

    @Flag(help: "Run as fast as decoding allows instead of in real time.")
    var untimed = false

    @Option(help: "Decoder threads per stream (0: FFmpeg chooses).")
    var decodeThreads = 0

    @Option(help: "How to print events on standard output: jsonl, text or none.")
    var events: EventFormat = .text

    @Flag(help: "Print playback statistics on standard error at the end.")
    var stats = false

    @Argument(help: "Files or http(s) URLs, played in order.")
    var items: [String]

    func validate() throws {
        if items.isEmpty { throw ValidationError("give at least one file or URL to play") }
        if let start, !(start >= 0) { throw ValidationError("--start must be a number of seconds >= 0, not \(start)") }
        if decodeThreads < 0 || decodeThreads > 64 { throw ValidationError("--decode-threads must be between 0 and 64") }
    }

    func run() async throws {
        let backend = FFmpegBackend()
        FFmpegLog.lineHandler = { line in Console.error(line) }
        let environment = PlaybackEnvironment.headless(
            backend: backend, untimed: untimed, options: SourceOptions(decodeThreads: decodeThreads))
        let player = QueuePlayer(environment: environment, items: [])
        let printer = EventPrinter(format: events)
        let stream = player.events()
        var looper: PlayerLooper?
        if loop { looper = PlayerLooper(player: player, mode: .queue) }
        player.insertAll(items.map { PlayerItem(asset: Asset(url: $0, backend: backend)) })
        if let start { player.seek(to: MediaTime(seconds: start, preferredTimescale: 1000), completion: nil) }
        player.play()
        for await event in stream {
            printer.print(event)
            if case .failedToPlayToEndTime(let error) = event.kind {
                Console.error("playhead: error: \(error.message)")
            }
            if case .currentItemChanged = event.kind, event.item == nil { break }
            if case .playerStatusChanged(.failed, let error) = event.kind {
                // The outputs are gone for good: nothing more can play, so say so and stop.
                Console.error("playhead: error: the player failed: \(error?.message ?? "its outputs stopped working")")
                throw ExitCode(3)
            }
        }
        _ = looper
        if stats {
            let s = player.statistics
            Console.error("playhead: stats: presented=\(s.framesPresented) dropped=\(s.framesDropped) late=\(s.framesLate) audio-frames=\(s.audioFramesWritten) stalls=\(s.stalls)")
        }
    }
}
