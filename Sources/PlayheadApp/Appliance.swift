import Logging
import Playhead
import PlayheadALSA
import PlayheadFFmpeg
import PlayheadHTTP
import PlayheadKMS
import PlayheadSys
import Synchronization
import ServiceLifecycle

/// The appliance: options in, outputs opened, the player and its router made, the inputs and
/// signals run as one service group, and an ordered way out. The executable only parses its
/// own few flags and calls `run`.
public enum Appliance {
    public static let version = "0.14.0"

    public struct Launch: Sendable {
        public var arguments: [String]
        /// nil: the default path, which may be missing.
        public var configPath: String?
        public var ignoreBadConfig: Bool
        public init(arguments: [String], configPath: String?, ignoreBadConfig: Bool) {
            self.arguments = arguments
            self.configPath = configPath
            self.ignoreBadConfig = ignoreBadConfig
        }
    }

    /// Plays until the playlist ends, a signal, or a failed output; returns the exit status.
    public static func run(_ launch: Launch) async -> Int32 {
        let started = MonotonicClock().now().nanoseconds
        let boot = BootTimeline()
        boot.mark(.mainEntered)
        let settings: Settings
        var items: [String]
        switch prepare(launch) {
        case .failure(let failure):
            StandardStreams.error("playhead: error: \(failure.message)")
            return failure.status
        case .success(let prepared): (settings, items) = prepared
        }
        var layout: ScreenLayout?
        switch LayerOptions.layout(settings) {
        case .failure(let e):
            StandardStreams.error("playhead: error: \(e.message)")
            return ExitStatus.usage
        case .success(let l): layout = l
        }
        if settings[DisplayOptions.connector] == "help" {
            StandardStreams.out(DisplayInventory.describe(card: settings[DisplayOptions.card]))
            return 0
        }
        if settings[ALSAOptions.device] == "help" {
            StandardStreams.out(ALSARouteMonitor().describe())
            return 0
        }
        AppLogging.bootstrap(settings)
        boot.mark(.optionsRead)
        let backend = FFmpegBackend()
        FFmpegLog.lineHandler = { line in AppLog.warning(line) }
        let safeMode = SafeMode(settings: settings)
        if let safeMode { AppLog.warning(safeMode.banner) }
        // Safe mode shows the slate alone; otherwise the main layer plays its source unless
        // items were given.
        if safeMode != nil { layout = nil }
        if let layout, items.isEmpty, settings[AppOptions.playlist] == nil {
            items = [layout.layers[LayerOptions.mainIndex(layout)].spec.source]
        }
        // A lone player asked for subtitles gets the layer they are drawn on.
        var impliedLayout = false
        if layout == nil, safeMode == nil, let implied = LayerOptions.subtitlesForLonePlayer(settings) {
            layout = implied
            impliedLayout = true
            AppLog.info("subtitles: drawn on a layer of their own (\(LayerOptions.lonePlayerSubtitles)) above the picture, as subtitle-languages or captions ask")
        }
        let loader = playlistLoader(items: items, settings: settings, safeMode: safeMode)
        // Content sync's generation playing, when there is one, instead of the options' own.
        let contentSync = safeMode == nil ? ContentRunner.make(settings, caFile: settings[PlayerOptions.tlsVerify] ? settings[PlayerOptions.tlsCAFile] : nil) : nil
        let initialItems = contentSync?.startingItems ?? loader.expand()
        let playlist = Playlist(initialItems)
        let interactive = Inputs.anyConfigured(settings) || !loader.folders.isEmpty
        if playlist.entries.isEmpty && !interactive {
            StandardStreams.error("playhead: error: nothing to play: give a file, URL, folder or M3U playlist (or a console or socket to add to)")
            return ExitStatus.usage
        }
        // `match` needs the first item's frame rate; its probe is kept, so it is not opened twice.
        let firstAsset = playlist.entries.first.map { Asset(url: $0.location, backend: backend) }
        let content: (frameRate: Int?, size: PixelSize?) = settings[DisplayOptions.mode] == "match" ? await contentShape(of: firstAsset) : (nil, nil)
        let outputs: Outputs
        var opened = openOutputs(settings: settings, backend: backend, content: content, withSound: safeMode == nil, layout: layout)
        if impliedLayout, case .failure(let failure) = opened {
            // The subtitles' layer is the player's own addition: without it the picture still plays.
            AppLog.warning("subtitles are not drawn: \(failure.message); the picture plays without their layer")
            layout = nil
            opened = openOutputs(settings: settings, backend: backend, content: content, withSound: safeMode == nil, layout: nil)
        }
        switch opened {
        case .failure(let failure):
            StandardStreams.error("playhead: error: \(failure.message)")
            return failure.status
        case .success(let o): outputs = o
        }
        boot.mark(.outputsOpen)
        let player = QueuePlayer(environment: outputs.environment, items: [])
        let (events, eventInput) = AsyncStream<PlayerEvent>.makeStream()
        player.onEvent = { eventInput.yield($0) }
        let control = LivePlayerControl(player: player, backend: backend, drm: outputs.drm, alsa: outputs.alsa,
                                        monitor: outputs.monitor, drmCard: settings[DisplayOptions.card],
                                        screenshots: ScreenshotFolder(path: settings[DisplayOptions.screenshotFolder],
                                                                      keep: settings[DisplayOptions.screenshotKeep]),
                                        layers: outputs.display?.notes ?? [])
        let console: SerialConsole?
        switch Inputs.openConsole(settings) {
        case .failure(let failure):
            StandardStreams.error("playhead: error: \(failure.message)")
            Shutdown(player: player, layers: nil, outputs: outputs).run(keepSound: false)
            return failure.status
        case .success(let c): console = c
        }
        // A console on this terminal prints what would go to standard output above its prompt.
        AppLogging.show(on: console)
        var eventOutput: (@Sendable (String) -> Void)?
        var eventBudget: EventBudget?
        if let console, console.name == "stdio" {
            eventOutput = { console.show($0) }
            // The same limit as a session following events: the console is one too.
            eventBudget = EventBudget()
        }
        let printer = EventPrinter(format: settings[AppOptions.events], output: eventOutput, budget: eventBudget)
        let configPath = launch.configPath ?? AppOptions.defaultConfigPath
        let panel = ButtonPanel()
        let layers = outputs.otherLayers.isEmpty || layout == nil ? nil
            : LayerPlayers(outputs.otherLayers, mainName: layout!.layers[LayerOptions.mainIndex(layout!)].spec.name,
                           names: outputs.shownLayerNames, display: outputs.display, backend: backend, settings: settings,
                           groups: LayerOptions.groups(layout!),
                           mainTitle: { [player] in player.currentItem?.displayTitle }, mainPlayer: player)
        let scheduleRunner = ScheduleRunner.make(settings, defaultItems: initialItems)
        let cec = CECSetup.make(settings)
        let mqtt = MQTTSetup.make(settings)
        let sync = safeMode == nil ? SyncSetup.make(settings) : nil
        let router = CommandRouter(player: control, playlist: playlist, settings: settings, hooks: RouterHooks(
            readOptionsFile: { OptionsFileReader.read(path: configPath, required: launch.configPath != nil) },
            setLogLevel: { AppLogging.setLevel($0) },
            setEventFormat: { printer.setFormat($0) },
            now: { MonotonicClock().now().nanoseconds }, version: version,
            gpio: { panel.report() }, schedule: { scheduleRunner?.report() ?? RouterHooks.noSchedule },
            cec: { cec?.report() ?? RouterHooks.noCEC },
            mqtt: { mqtt?.report() ?? RouterHooks.noMQTT },
            content: { contentSync?.report() ?? .string(RouterHooks.noContent) },
            contentSync: { contentSync?.requestSync() },
            screenSwitched: { cec?.screen(on: $0) },
            syncGroup: { sync?.report() }),
            layers: layers)
        player.setLooping(safeMode != nil || settings[PlayerOptions.loop])
        player.volume = Float(settings[PlayerOptions.volume])
        player.isMuted = settings[PlayerOptions.mute]
        // `play` comes back to this rate after a pause.
        player.defaultRate = settings[PlayerOptions.rate]
        // The place a crash or a power cut interrupted, unless told where to start.
        let statePath = settings[AppOptions.stateFile]
        var resumed: Playlist.Entry?
        let resumeGuard = Mutex(ResumeGuard())
        if let statePath, safeMode == nil, settings[PlayerOptions.start] == nil, let saved = PlaceKeeper.read(statePath) {
            switch resumeGuard.withLock({ $0.choose(saved: saved, in: router.playlist) }) {
            case .resume(let entry, let counted):
                resumed = entry
                // Counted before the item opens: if it takes playhead down, the next start knows.
                PlaceKeeper.write(counted, to: statePath)
                player.volume = Float(saved.volume)
                player.isMuted = saved.muted
                AppLog.notice("resuming \(entry.location) at \(saved.seconds) s (\(statePath))")
                router.start(from: entry.id)
                // Exact: the picture and the sound go on where they stopped, not at the key frame before.
                if saved.seconds > 0.5 {
                    player.seek(to: MediaTime(seconds: saved.seconds, preferredTimescale: 1000), toleranceBefore: .zero,
                                toleranceAfter: .zero, completion: nil)
                }
            case .skip(let entry, let next):
                AppLog.warning("the saved item \(entry.location) did not get going in \(ResumeGuard.startLimit) starts that resumed into it "
                               + "(it may be what stops playhead); skipping it" + (next == nil ? "" : ", starting at \(next!.location)"))
                if let next {
                    resumed = next
                    player.volume = Float(saved.volume)
                    player.isMuted = saved.muted
                    router.start(from: next.id)
                }
            case .gone:
                AppLog.notice("the saved item \(saved.location) is not in the playlist any more; starting from the top")
            }
        }
        if resumed == nil {
            if let firstAsset { control.prime(firstAsset) }
            router.start()
            if let start = settings[PlayerOptions.start] { player.seek(to: MediaTime(seconds: start, preferredTimescale: 1000), completion: nil) }
        }
        player.play()
        layers?.start()

        let exit = ExitBox()
        let inputs = Inputs(settings: settings, router: router, console: console, panel: panel, safeMode: safeMode != nil)
        let follower = FolderFollower(loader: loader, router: router, initial: initialItems)
        let shutdown = Shutdown(player: player, layers: layers, outputs: outputs)
        var services: [any Service] = [PlaybackService(shutdown: shutdown, exit: exit)]
        switch inputs.open() {
        case .failure(let failure):
            StandardStreams.error("playhead: error: \(failure.message)")
            AppLogging.stopShowing()
            shutdown.run(keepSound: false)
            return failure.status
        case .success(let inputServices): services += inputServices
        }
        var keeper: PlaceKeeper?
        if let statePath, safeMode == nil {
            let k = PlaceKeeper(path: statePath, intervalSeconds: settings[AppOptions.stateInterval]) {
                router.place().map { place in resumeGuard.withLock { $0.stamp(place) } }
            }
            keeper = k
            services.append(InputService(name: "state", start: { k.start() }, stop: { k.stop() }))
        }
        if let contentSync {
            let apply: @Sendable (ContentChange) -> Void = { change in
                // With a schedule, a generation is its default playlist: it plays now only when
                // the default part is in force, else when that part comes.
                if let scheduleRunner, !scheduleRunner.replaceDefault(change.items) {
                    AppLog.notice("content: generation \(change.generation) is the schedule's default playlist; another part plays now")
                    change.playing()
                    return
                }
                router.applyContent(change)
            }
            services.append(InputService(name: "content", start: { contentSync.start(apply: apply, tick: { router.contentTick() }) },
                                         stop: { contentSync.stop() }))
        }
        if let scheduleRunner {
            services.append(InputService(name: "schedule", start: { scheduleRunner.start(apply: { router.applySchedule($0, items: $1) }, tick: { router.scheduleTick() }) },
                                         stop: { scheduleRunner.stop() }))
        }
        if let cec {
            services.append(InputService(name: "cec", start: { cec.start { CECSetup.run($0, on: router) } }, stop: { cec.stop() }))
        }
        if let mqtt { services.append(MQTTSetup.service(mqtt, router: router)) }
        if let sync {
            services.append(InputService(name: "sync", start: {
                sync.start(look: { router.syncLook(now: $0) }, apply: { router.syncApply($0, group: sync.group) })
            }, stop: { sync.stop() }))
        }
        if follower.isNeeded {
            services.append(InputService(name: "folders", start: { follower.start() }, stop: { follower.stop() }))
        }
        let notifier = ServiceNotifier.fromEnvironment()
        var notify: (@Sendable (String) -> Void)?
        if let notifier { notify = { message in notifier.send(message) } }
        let link = ServiceManagerLink(notify: notify, waitsForPicture: outputs.drm != nil, boot: boot)
        let tally = EventTally()
        services.append(EventLoopService(events: events, printer: printer, router: router, exit: exit, link: link,
                                         holdAtEnd: safeMode != nil, keeper: keeper, tally: tally))
        services += httpServices(settings: settings, router: router, tally: tally)
        if let notifier, let interval = notifier.watchdogNanoseconds {
            services.append(WatchdogService(send: { notifier.send($0) }, intervalNanoseconds: interval, player: player))
        }
        if let device = settings[AppOptions.watchdogDevice] {
            do {
                let watchdog = try HardwareWatchdog(path: device, timeoutSeconds: settings[AppOptions.watchdogTimeout])
                AppLog.notice("watchdog \(device): timeout \(watchdog.timeoutSeconds) s, fed while playback makes progress")
                services.append(HardwareWatchdogService(watchdog: watchdog, player: player))
            } catch {
                // Without it the board still plays (the appliance's options turn it on for every
                // board, with or without one): a set-up fault to be told of, not an error.
                AppLog.warning(error.description + "; playing without a watchdog")
            }
        }
        if let safeMode, safeMode.seconds > 0 { services.append(SafeModeTimerService(seconds: safeMode.seconds, exit: exit)) }
        services.append(SignalService(exit: exit, reload: {
            let reply = router.perform(.reload)
            let line = "SIGHUP: " + reply.rendered(as: .text).split(separator: "\n").map { $0.drop(while: { $0 == " " }) }.joined(separator: " ")
            if case .error = reply { AppLog.warning(line) } else { AppLog.notice(line) }
        }))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services.enumerated().map { i, s in
                // Any service that ends (the playlist ended, a signal) ends the whole group.
                .init(service: s, successTerminationBehavior: .gracefullyShutdownGroup)
            },
            logger: Logger(label: "lifecycle")))
        do { try await group.run() } catch { AppLog.error("the service group failed: \(error)") }
        notifier?.send("STOPPING=1")
        AppLogging.stopShowing()
        // Whatever happened in the group, the screen and sound are given back.
        shutdown.run(keepSound: false)
        eventInput.finish()
        let status = exit.status
        if status > 128 { StandardStreams.error("playhead: stopped by signal \(status - 128)" + (outputs.drm == nil ? "" : "; display restored")) }
        if settings[AppOptions.stats] { Statistics.print(player: player, outputs: outputs, started: started) }
        return status
    }

    /// The options in force (file, then command line) and the items named on the command line.
    static func prepare(_ launch: Launch) -> Result<(Settings, [String]), AppFailure> {
        let catalog = AppOptions.catalog
        let commandLine: [String: OptionValue]
        let items: [String]
        switch CommandLineOptions.parse(launch.arguments, catalog: catalog) {
        case .failure(let e): return .failure(AppFailure(status: ExitStatus.usage, message: e.description))
        case .success(let parsed): (commandLine, items) = parsed
        }
        var file: OptionsFile?
        switch OptionsFileReader.read(path: launch.configPath ?? AppOptions.defaultConfigPath, required: launch.configPath != nil) {
        case .success(let f): file = f
        case .failure(let errors) where commandLine[AppOptions.safeMode.name] != nil:
            StandardStreams.error("playhead: warning: \(errors); safe mode: using the file's good lines")
            file = errors.goodLines
        case .failure(let errors):
            guard launch.ignoreBadConfig else {
                return .failure(AppFailure(status: ExitStatus.usage, message: "\(errors) (fix the file, or start with --ignore-bad-config)"))
            }
            StandardStreams.error("playhead: warning: \(errors); --ignore-bad-config: starting with the defaults")
            file = nil
        }
        return .success((Settings(catalog: catalog, file: file, commandLine: commandLine), items))
    }

    /// The outputs the options choose, set up as they ask, in the environment the player gets.
    static func openOutputs(settings: Settings, backend: FFmpegBackend, content: (frameRate: Int?, size: PixelSize?),
                            withSound: Bool, layout: ScreenLayout?) -> Result<Outputs, AppFailure> {
        Outputs.open(settings: settings, backend: backend, sourceOptions: PlaybackSetup.sourceOptions(settings),
                     contentFrameRate: content.frameRate, contentSize: content.size, withSound: withSound, layout: layout).map { opened in
            var outputs = opened
            OutputSetup.apply(settings, to: outputs)
            PlaybackSetup.apply(settings, to: &outputs.environment)
            return outputs
        }
    }

    /// Safe mode plays the slate alone: the playlist may be what made playhead fail.
    static func playlistLoader(items: [String], settings: Settings, safeMode: SafeMode?) -> PlaylistLoader {
        safeMode.map { PlaylistLoader(arguments: [$0.slate]) } ?? PlaylistLoader(items: items, settings: settings)
    }

    /// Frames per 1000 s of the asset's video, when it has any and opens.
    /// The first item's frame rate (frames per 1000 s) and upright picture size, for `match`.
    static func contentShape(of asset: Asset?) async -> (frameRate: Int?, size: PixelSize?) {
        guard let asset, let info = try? await asset.load(),
              let video = info.tracks.first(where: { $0.mediaType == .video }) else { return (nil, nil) }
        let size = info.presentationSize.width > 0 ? info.presentationSize : nil
        guard video.frameRate.isNumeric, video.frameRate.timescale > 0 else { return (nil, size) }
        return (Int((Double(video.frameRate.value) * 1000 / Double(video.frameRate.timescale)).rounded()), size)
    }

    /// The HTTP API when `http-listen` asks for it. A fault in its set-up (no token file) is
    /// said and leaves the API off: the screen goes on playing.
    static func httpServices(settings: Settings, router: CommandRouter, tally: EventTally) -> [any Service] {
        guard settings[HTTPOptions.listen] != nil else { return [] }
        let remote = RouterRemote(router: router, tally: tally, mediaFolder: settings[HTTPOptions.uploadFolder],
                                  dataPath: settings[AppOptions.stateFile])
        switch APIServer.make(settings: settings, remote: remote, onListening: { port in
            AppLog.notice("HTTP API listening on \(settings[HTTPOptions.listen] ?? "") (port \(port))")
        }) {
        case .failure(let e):
            remote.stop()
            AppLog.error(e.message + "; the HTTP API is off")
            return []
        case .success(nil):
            remote.stop()
            return []
        case .success(let server?):
            return [server, InputService(name: "http-remote", start: {}, stop: { remote.stop() })]
        }
    }
}
