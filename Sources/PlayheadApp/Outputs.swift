import Playhead
import PlayheadALSA
import PlayheadFFmpeg
import PlayheadKMS
import PlayheadSys

/// The screen and the sound the options choose, opened, and the environment the player gets
/// built around them. What is then asked of them (a mixer, screenshots, captures) is
/// OutputSetup's; how the player plays through them is PlaybackSetup's.
struct Outputs: Sendable {
    var environment: PlaybackEnvironment
    var drm: DRMVideoSink?
    /// With `layer.*` lines: the screen they share, and the layers other than the main one (whose
    /// sink is `drm`), each to get a player of its own.
    var display: DisplayController?
    var otherLayers: [OtherLayer] = []
    /// The layers on the screen (visible ones), bottom first.
    var shownLayerNames: [String] = []
    var alsa: ALSAAudioSink?
    /// With several heard layers: their sound mixed into `alsa`'s stream.
    var bus: SoundBus?
    /// Layers' cards of their own (`card=`), closed after their players stopped.
    var layerCards: [ALSAAudioSink] = []
    var monitor: ALSARouteMonitor?

    /// An output that cannot be opened is a one-line error; what was opened is closed again.
    /// `withSound` false leaves the sound off whatever the options say (safe mode).
    static func open(settings: Settings, backend: FFmpegBackend, sourceOptions: SourceOptions, contentFrameRate: Int?,
                     contentSize: PixelSize? = nil, withSound: Bool = true, layout: ScreenLayout? = nil) -> Result<Outputs, AppFailure> {
        var outputs = Outputs(environment: .headless(backend: backend, untimed: settings[PlayerOptions.untimed], options: sourceOptions))
        if settings[AppOptions.videoOutput] != .drm, let path = settings[DisplayOptions.flipTrace] {
            // No display: the trace holds when each picture was due (a sync group's test).
            outputs.environment.videoSink = NullVideoSink(tracePath: path)
        }
        if withSound, settings[AppOptions.audioOutput] == .alsa {
            let monitor = ALSARouteMonitor()
            let preferences = ALSAOptions.preferences(settings)
            // Start where the policy would move the sound anyway, rather than move at once.
            let preferred = preferences.isEmpty ? nil
                : RoutePolicy(preferences: preferences, available: monitor.availableRoutes(), current: nil, isPlaying: false).best
            do {
                let sink = try openSound(settings: settings, preferred: preferred, monitor: monitor)
                outputs.alsa = sink
                outputs.monitor = monitor
                // Sources convert to the sink's format, so the environment is made around it.
                outputs.environment = PlaybackEnvironment(
                    backend: backend, videoSink: outputs.environment.videoSink, audioSink: sink, clock: MonotonicClock(),
                    sourceOptions: sourceOptions, routeMonitor: monitor, routePreferences: preferences)
                AppLog.info("sound on \(sink.name)")
                if SoundCardList.isOwnHDMIDefinition(sink.deviceName) {
                    AppLog.info("sound: \(sink.deviceName) is the HDMI card's own ALSA definition: it frames IEC958 and sets the channel status")
                }
            } catch {
                return .failure(AppFailure(status: ExitStatus.outputFailed, message: error.advice))
            }
        }
        if let layout, settings[AppOptions.videoOutput] != .drm, layout.layers.count > 1 {
            AppLog.warning("layers need --video-output drm; only the main layer (\(layout.layers[LayerOptions.mainIndex(layout)].spec.name)) plays")
        }
        if settings[AppOptions.videoOutput] == .drm {
            let options: DRMOptions
            do { options = try DRMOptions(settings: settings, contentFrameRate: contentFrameRate, contentSize: contentSize) } catch {
                outputs.alsa?.close()
                return .failure(AppFailure(status: ExitStatus.usage, message: error.description))
            }
            let sink: DRMVideoSink
            do {
                if let layout {
                    sink = try openLayers(layout, options: options, into: &outputs)
                } else {
                    sink = try DRMVideoSink(options: options)
                }
            } catch {
                outputs.alsa?.close()
                return .failure(AppFailure(status: ExitStatus.outputFailed, message: error.message))
            }
            outputs.drm = sink
            outputs.environment.videoSink = sink
            AppLog.info("video on \(sink.name)")
        }
        outputs.shareDecoding(settings[PlayerOptions.decodeCapacity], mainName: layout.map { $0.layers[LayerOptions.mainIndex($0)].spec.name })
        return .success(outputs)
    }

    /// The screen shared by the visible layers; returns the main layer's sink. A hidden layer
    /// (visible=no) is not played: showing and hiding layers while playing is not built yet.
    private static func openLayers(_ layout: ScreenLayout, options: DRMOptions, into outputs: inout Outputs) throws(PlaybackError) -> DRMVideoSink {
        let main = LayerOptions.mainIndex(layout)
        guard layout.layers[main].spec.visible else {
            throw PlaybackError(.deviceFailed, "layer \(layout.layers[main].spec.name) is the main one (heard, or the first) and visible=no; show it or mute it")
        }
        for hidden in layout.layers where !hidden.spec.visible {
            AppLog.warning("layer \(hidden.spec.name): visible=no, so it is not played (showing and hiding layers is not built yet)")
        }
        let shown = layout.layers.filter(\.spec.visible)
        outputs.shownLayerNames = shown.map(\.spec.name)
        let display = try DisplayController(options: options, layers: shown.map(\.spec))
        outputs.display = display
        // The main layer's sink is made first: it is the one that captures the screen.
        let mainShown = shown.firstIndex { $0.spec.name == layout.layers[main].spec.name }!
        let mainSink = display.sink(layer: mainShown)
        // Layers with a card of their own are not in the mix.
        let heard = shown.filter { $0.heard && ($0.spec.card == nil || $0.spec.name == layout.layers[main].spec.name) }
        if layout.layers[main].spec.card != nil {
            AppLog.warning("layer \(layout.layers[main].spec.name) is the main one: its sound goes to --audio-device; card= is for the other layers")
        }
        if let alsa = outputs.alsa, heard.count > 1 {
            let bus = SoundBus(output: alsa)
            outputs.bus = bus
            outputs.environment.audioSink = bus.sink(for: shown[mainShown].spec.name, gain: shown[mainShown].spec.volume)
            AppLog.info("sound: \(heard.map { "\($0.spec.name) at \(Int(($0.spec.volume * 100).rounded()))%" }.joined(separator: ", ")) mixed on \(alsa.name)")
        }
        let groups = startGroups(shown.map(\.spec))
        outputs.environment.startGroup = groups[mainShown]
        for (i, layer) in shown.enumerated() where i != mainShown {
            var other = OtherLayer(spec: layer.spec, sink: display.sink(layer: i), sound: nil, size: display.frames[i].size, startGroup: groups[i])
            if layer.heard, let card = layer.spec.card {
                other.card = outputs.openLayerCard(card, for: layer.spec.name)
            } else if layer.heard {
                other.sound = outputs.bus?.sink(for: layer.spec.name, gain: layer.spec.volume)
            }
            outputs.otherLayers.append(other)
        }
        return mainSink
    }

    /// A layer's own sound card: opened, or a line saying why not (the layer then plays muted).
    private mutating func openLayerCard(_ device: String, for name: String) -> ALSAAudioSink? {
        do {
            let sink = try ALSAAudioSink(device: device)
            layerCards.append(sink)
            AppLog.info("layer \(name): sound on its own card, \(sink.name)")
            return sink
        } catch {
            AppLog.warning("layer \(name): card=\(device): \(error.advice); the layer plays muted")
            return nil
        }
    }

    /// With `decode-capacity`: one budget shared by the main player and every other layer's.
    private mutating func shareDecoding(_ text: String?, mainName: String?) {
        guard let text, case .success(let capacity) = DecodeCapacity.parse(text) else { return }
        let share = DecodeBudgetShare(capacity: capacity)
        environment.decodeBudget = share.member(name: mainName ?? "playhead")
        for i in otherLayers.indices { otherLayers[i].decodeBudget = share.member(name: otherLayers[i].spec.name) }
        AppLog.info("decode budget: \(capacity) per second, shared by \(otherLayers.count + 1) player(s)")
    }

    /// Each layer's place in its start group (`group=`), by the layer's index in `layers`: the
    /// members in drawing order. ScreenLayout refused a group of one.
    static func startGroups(_ layers: [LayerSpec]) -> [Int: StartGroupMember] {
        var byName: [String: [Int]] = [:]
        for (i, spec) in layers.enumerated() { if let g = spec.group { byName[g, default: []].append(i) } }
        var members: [Int: StartGroupMember] = [:]
        for (name, indices) in byName.sorted(by: { $0.key < $1.key }) where indices.count > 1 {
            let group = StartGroup(name: name, members: indices.map { layers[$0].name })
            for (k, i) in indices.enumerated() { members[i] = group.member(k) }
            AppLog.info("group \(name): \(indices.map { layers[$0].name }.joined(separator: ", ")) start together")
        }
        return members
    }

    /// The first candidate that opens (see AudioDeviceChoice); the first one's error when none does.
    static func openSound(settings: Settings, preferred: AudioRoute?, monitor: ALSARouteMonitor) throws(ALSAError) -> ALSAAudioSink {
        let routes = monitor.availableRoutes()
        let candidates = AudioDeviceChoice.candidates(named: settings[ALSAOptions.device], preferred: preferred?.device, available: routes)
        var firstError: ALSAError?
        for device in candidates {
            do {
                let sink = try ALSAAudioSink(device: device, bufferMilliseconds: settings[ALSAOptions.bufferMilliseconds],
                                             onDeviceLost: { device in monitor.report(lostDevice: device) })
                if let firstError {
                    AppLog.warning(AudioDeviceChoice.fallbackNote(chosen: device, name: routes.first { $0.device == device }?.name,
                                                                  firstTried: candidates[0], error: firstError.advice))
                }
                return sink
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError!
    }
}
