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
    var alsa: ALSAAudioSink?
    var monitor: ALSARouteMonitor?

    /// An output that cannot be opened is a one-line error; what was opened is closed again.
    /// `withSound` false leaves the sound off whatever the options say (safe mode).
    static func open(settings: Settings, backend: FFmpegBackend, sourceOptions: SourceOptions, contentFrameRate: Int?,
                     contentSize: PixelSize? = nil, withSound: Bool = true) -> Result<Outputs, AppFailure> {
        var outputs = Outputs(environment: .headless(backend: backend, untimed: settings[PlayerOptions.untimed], options: sourceOptions))
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
            } catch {
                return .failure(AppFailure(status: ExitStatus.outputFailed, message: error.advice))
            }
        }
        if settings[AppOptions.videoOutput] == .drm {
            let options: DRMOptions
            do { options = try DRMOptions(settings: settings, contentFrameRate: contentFrameRate, contentSize: contentSize) } catch {
                outputs.alsa?.close()
                return .failure(AppFailure(status: ExitStatus.usage, message: error.description))
            }
            let sink: DRMVideoSink
            do { sink = try DRMVideoSink(options: options) } catch {
                outputs.alsa?.close()
                return .failure(AppFailure(status: ExitStatus.outputFailed, message: error.message))
            }
            outputs.drm = sink
            outputs.environment.videoSink = sink
            AppLog.info("video on \(sink.name)")
        }
        return .success(outputs)
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
