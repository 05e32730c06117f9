import ArgumentParser
import Glibc
import Playhead
import PlayheadALSA
import PlayheadFFmpeg
import PlayheadKMS
import PlayheadSys

@main
struct PlayheadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playhead",
        abstract: "Plays a queue of media files and http(s)/HLS streams.")

    enum VideoOutput: String, ExpressibleByArgument, CaseIterable { case null, drm }
    enum AudioOutput: String, ExpressibleByArgument, CaseIterable { case null, alsa }
    enum EventFormat: String, ExpressibleByArgument, CaseIterable { case jsonl, text, none }

    @Option(help: "Where pictures go: \(VideoOutput.allCases.map(\.rawValue).joined(separator: ", ")).")
    var videoOutput: VideoOutput = .null

    @Option(help: "The DRM card for --video-output drm (default: the first with a connected display).")
    var drmCard: String?

    @Option(help: "The connector to show video on (HDMI-A-1, Virtual-1...), or 'help' to list cards, connectors, modes and planes.")
    var display: String?

    @Option(help: "Display mode: WIDTHxHEIGHT[@HZ], preferred, or match (the refresh rate that fits the content).")
    var displayMode = "preferred"

    @Option(help: "The plane for video: primary, overlay, or a plane id.")
    var displayPlane = "primary"

    @Option(help: "How video fills the screen: resize, resizeAspect or resizeAspectFill.")
    var videoGravity = "resizeAspect"

    @Option(help: "With --video-output drm: save the screen as PNG when this frame (counting from 1) is shown; see --screenshot-frame.")
    var screenshot: String?

    @Option(help: "Which shown frame --screenshot captures.")
    var screenshotFrame = 30

    @Option(help: "With --video-output drm: save every Nth shown frame, as composed on screen, into --capture-dir.")
    var captureEvery = 0

    @Option(help: "The folder for --capture-every (frame-<media time in ms>.ppm).")
    var captureDir: String?

    @Option(help: "Where sound goes: \(AudioOutput.allCases.map(\.rawValue).joined(separator: ", ")).")
    var audioOutput: AudioOutput = .null

    @Option(help: "The ALSA device for --audio-output alsa (default, hw:0,0, plughw:CARD=Loopback,DEV=0...), or 'help' to list the sound cards. Without it: the most preferred card of --audio-preference that is present, else ALSA's default.")
    var audioDevice: String?

    @Option(help: "With --audio-output alsa: sound cards in order of preference (ids or names: Dummy,HDMI,USB,Loopback); sound moves to a more preferred card when it appears and pauses when its card goes away.")
    var audioPreference: String?

    @Option(help: "With --audio-output alsa: the card's mixer control that takes the volume (Master, PCM...); without it the samples are scaled.")
    var audioMixer: String?

    @Option(help: "The starting volume, from 0 to 1.")
    var volume: Float = 1

    @Option(help: "How much sound the ALSA device buffers, in milliseconds.")
    var audioBufferMs = 50

    @Option(help: "A FIFO (made if missing) that takes command lines: \(ControlCommand.usage).")
    var control: String?

    @Flag(help: "Play the queue over and over.")
    var loop = false

    @Option(help: "Start the first item at this many seconds.")
    var start: Double?

    @Option(help: "Play at this rate: from 0.5 to 2 with the sound time-stretched (pitch kept); other rates and reverse (negative) play without sound.")
    var rate: Double = 1

    @Flag(help: "Run as fast as decoding allows instead of in real time.")
    var untimed = false

    @Option(help: "Decoder threads per stream (0: FFmpeg chooses).")
    var decodeThreads = 0

    @Option(help: "How to print events on standard output: jsonl, text or none.")
    var events: EventFormat = .text

    @Flag(help: "Print playback statistics on standard error at the end.")
    var stats = false

    @Argument(help: "Files or http(s) URLs, played in order.")
    var items: [String] = []

    func validate() throws {
        if display == "help" || audioDevice == "help" { return }
        if items.isEmpty { throw ValidationError("give at least one file or URL to play") }
        if ModeRequest(parsing: displayMode) == nil {
            throw ValidationError("--display-mode must be WIDTHxHEIGHT[@HZ], preferred or match, not '\(displayMode)'")
        }
        if PlaneRequest(parsing: displayPlane) == nil {
            throw ValidationError("--display-plane must be primary, overlay or a plane id, not '\(displayPlane)'")
        }
        if captureEvery > 0 && captureDir == nil { throw ValidationError("--capture-every needs --capture-dir") }
        if !rate.isFinite || PlaybackRate(rate).isPaused { throw ValidationError("--rate must be a non-zero number, not \(rate)") }
        if (screenshot != nil || captureEvery > 0) && videoOutput != .drm {
            throw ValidationError("--screenshot and --capture-every need --video-output drm")
        }
        if VideoGravity(rawValue: videoGravity) == nil {
            throw ValidationError("--video-gravity must be resize, resizeAspect or resizeAspectFill, not '\(videoGravity)'")
        }
        if let start, !(start >= 0) { throw ValidationError("--start must be a number of seconds >= 0, not \(start)") }
        if decodeThreads < 0 || decodeThreads > 64 { throw ValidationError("--decode-threads must be between 0 and 64") }
        if audioOutput == .alsa && untimed { throw ValidationError("--untimed plays faster than real time: use it with --audio-output null") }
        if !(volume >= 0 && volume <= 1) { throw ValidationError("--volume must be a number from 0 to 1, not \(volume)") }
        if audioBufferMs < 10 || audioBufferMs > 2000 { throw ValidationError("--audio-buffer-ms must be between 10 and 2000") }
    }

    func run() async throws {
        let started = MonotonicClock().now().nanoseconds
        if display == "help" {
            Console.out(DisplayInventory.describe(card: drmCard))
            return
        }
        if audioDevice == "help" {
            Console.out(ALSARouteMonitor().describe())
            return
        }
        let backend = FFmpegBackend()
        FFmpegLog.lineHandler = { line in Console.error(line) }
        var environment = PlaybackEnvironment.headless(
            backend: backend, untimed: untimed, options: SourceOptions(decodeThreads: decodeThreads))
        var alsa: ALSAAudioSink?
        if audioOutput == .alsa {
            do {
                let monitor = ALSARouteMonitor()
                let preferences = (audioPreference ?? "").split(separator: ",").map { String($0.filter { $0 != " " }) }
                // Start where the policy would move the sound anyway, rather than move at once.
                let preferred = preferences.isEmpty ? nil
                    : RoutePolicy(preferences: preferences, available: monitor.availableRoutes(), current: nil, isPlaying: false).best
                let sink = try ALSAAudioSink(device: audioDevice ?? preferred?.device ?? "default", bufferMilliseconds: audioBufferMs,
                                             onDeviceLost: { device in monitor.report(lostDevice: device) })
                alsa = sink
                // Sources convert to the sink's format, so the environment is made around it.
                environment = PlaybackEnvironment(backend: backend, videoSink: environment.videoSink, audioSink: sink,
                                                  clock: MonotonicClock(), sourceOptions: SourceOptions(decodeThreads: decodeThreads),
                                                  routeMonitor: monitor, routePreferences: preferences)
                Console.error("playhead: sound on \(sink.name)")
                if let audioMixer {
                    do { try sink.useMixer(audioMixer) } catch {
                        // The sound still plays, with its volume in software: say so once.
                        Console.error("playhead: warning: \(error.advice); the volume is applied to the samples instead")
                    }
                }
            } catch {
                Console.error("playhead: error: \(error.advice)")
                throw ExitCode(3)
            }
        }
        // Rates from 0.5 to 2 keep their sound, time-stretched by libavfilter's atempo.
        environment.timeStretcher = FFmpegTimeStretcher.factory
        let assets = items.map { Asset(url: $0, backend: backend) }
        var drm: DRMVideoSink?
        if videoOutput == .drm {
            let mode = ModeRequest(parsing: displayMode)!
            // The first item's frame rate picks the refresh; its probe is kept, so the item is
            // not opened twice.
            let contentRate = mode == .matchContent ? await Self.frameRate(of: assets.first) : nil
            let options = DRMOptions(
                card: drmCard,
                plan: DisplayPlan.Request(connectorName: display, mode: mode,
                                          plane: PlaneRequest(parsing: displayPlane)!,
                                          // An appliance may boot before its screen is on.
                                          waitForDisplay: true, contentFrameRate: contentRate),
                gravity: VideoGravity(rawValue: videoGravity)!)
            do {
                let sink = try DRMVideoSink(options: options)
                drm = sink
                environment.videoSink = sink
                if screenshot != nil || captureEvery > 0, !sink.canCapture {
                    Console.error("playhead: warning: this card has no writeback connector; no screenshots or captures")
                }
                if let screenshot { sink.screenshot(to: screenshot, atFrame: screenshotFrame) }
                if captureEvery > 0, let captureDir { sink.captureFrames(every: captureEvery, into: captureDir) }
                Console.error("playhead: video on \(sink.name)")
            } catch {
                Console.error("playhead: error: \(error.message)")
                alsa?.close()
                throw ExitCode(3)
            }
        }
        let player = QueuePlayer(environment: environment, items: [])
        let printer = EventPrinter(format: events)
        // Events and signals reach the main loop through one stream, so that everything after
        // (stopping inputs, the engine, the screen and the sound) happens here, once, in order.
        let (inputs, input) = AsyncStream<MainInput>.makeStream()
        player.onEvent = { input.yield(.event($0)) }
        let signals = SignalWatcher { input.yield(.signal($0)) }
        var looper: PlayerLooper?
        var controlFIFO: ControlFIFO?
        let shutdown = Shutdown(player: player, drm: drm, alsa: alsa, signals: signals)
        if loop { looper = PlayerLooper(player: player, mode: .queue) }
        player.insertAll(assets.map { PlayerItem(asset: $0) })
        if let start { player.seek(to: MediaTime(seconds: start, preferredTimescale: 1000), completion: nil) }
        if let control {
            do {
                let fifo = try ControlFIFO(path: control)
                fifo.start { line in
                    switch ControlCommand.parse(line) {
                    case .success(.play): player.play()
                    case .success(.pause): player.pause()
                    case .success(.beginInterruption(let duck)): player.beginInterruption(ducking: duck)
                    case .success(.endInterruption(let resume)): player.endInterruption(shouldResume: resume)
                    case .success(.volume(let v)): player.volume = v
                    case .success(.mute(let m)): player.isMuted = m
                    case .failure(let error): Console.error("playhead: control: \(error.message)")
                    }
                }
                controlFIFO = fifo
                shutdown.controlFIFO = fifo
            } catch {
                Console.error("playhead: error: \(error.message)")
                shutdown.run(keepSound: false)
                throw ExitCode(64)
            }
        }
        player.volume = volume
        // `play` on the control FIFO comes back to this rate after a pause.
        player.defaultRate = rate
        player.play()
        var status: Int32 = 0
        loop: for await next in inputs {
            switch next {
            case .signal(let signal):
                status = 128 + signal
                break loop
            case .event(let event):
                printer.print(event)
                if case .failedToPlayToEndTime(let error) = event.kind {
                    Console.error("playhead: error: \(error.message)")
                }
                if case .currentItemChanged = event.kind, event.item == nil { break loop }
                if case .playerStatusChanged(.failed, let error) = event.kind {
                    // The outputs are gone for good: nothing more can play, so say so and stop.
                    Console.error("playhead: error: the player failed: \(error?.message ?? "its outputs stopped working")")
                    status = 3
                    break loop
                }
            }
        }
        input.finish()
        _ = looper
        _ = controlFIFO
        // The end of the queue lets its last sound be heard; a signal or a failure does not wait.
        shutdown.run(keepSound: status == 0)
        if status > 128 { Console.error("playhead: stopped by signal \(status - 128)" + (drm == nil ? "" : "; display restored")) }
        if stats { printStatistics(player: player, alsa: alsa, drm: drm, started: started) }
        if status != 0 { throw ExitCode(status) }
    }

    /// Frames per 1000 s of the asset's video, when it has any and opens.
    private static func frameRate(of asset: Asset?) async -> Int? {
        guard let asset, let info = try? await asset.load(),
              let video = info.tracks.first(where: { $0.mediaType == .video }), video.frameRate.isNumeric,
              video.frameRate.timescale > 0 else { return nil }
        return Int((Double(video.frameRate.value) * 1000 / Double(video.frameRate.timescale)).rounded())
    }

    private func printStatistics(player: QueuePlayer, alsa: ALSAAudioSink?, drm: DRMVideoSink?, started: Int64) {
        let s = player.statistics
        Console.error("playhead: stats: presented=\(s.framesPresented) dropped=\(s.framesDropped) late=\(s.framesLate) audio-frames=\(s.audioFramesWritten) stalls=\(s.stalls) decode-skip-changes=\(s.decodeSkipChanges)")
        if let alsa { Console.error("playhead: audio: \(alsa.statisticsSummary)") }
        if let drm {
            let d = drm.statistics
            Console.error("playhead: display: \(d.summary)")
            let first = d.firstFlipAtNanoseconds > 0 ? "\((d.firstFlipAtNanoseconds - started) / 1_000_000)ms" : "none"
            let usage = ProcessUsage.current()
            let perFrame = d.presented > 0 ? usage.cpuNanoseconds / Int64(d.presented) / 1000 : 0
            Console.error("playhead: process: first-frame=\(first) cpu=\(usage.cpuNanoseconds / 1_000_000)ms"
                + " cpu-per-presented-frame=\(perFrame)us peak-rss=\(usage.peakResidentBytes / 1_048_576)MB")
        }
    }
}

/// What the main loop waits on.
enum MainInput: Sendable {
    case event(PlayerEvent)
    case signal(Int32)
}
