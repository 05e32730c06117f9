import Playhead
import PlayheadALSA
import PlayheadFFmpeg
import PlayheadKMS
import PlayheadSys

/// The screen and the sound, opened from the options, and the environment the player gets.
struct Outputs: Sendable {
    var environment: PlaybackEnvironment
    var drm: DRMVideoSink?
    var alsa: ALSAAudioSink?
    var monitor: ALSARouteMonitor?

    /// An output that cannot be opened is a one-line error; what was opened is closed again.
    /// `withSound` false leaves the sound off whatever the options say (safe mode).
    static func open(settings: Settings, backend: FFmpegBackend, contentFrameRate: Int?, contentSize: PixelSize? = nil,
                     withSound: Bool = true) -> Result<Outputs, AppFailure> {
        let sourceOptions = SourceOptions(
            decodeThreads: settings[PlayerOptions.decodeThreads],
            networkTimeoutNanoseconds: Int64(settings[PlayerOptions.networkTimeout] * 1e9),
            reconnectDelayMaxSeconds: settings[PlayerOptions.reconnect] ? Int(settings[PlayerOptions.reconnectDelayMax]) : nil)
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
                if let mixer = settings[ALSAOptions.mixer] {
                    do { try sink.useMixer(mixer) } catch {
                        // The sound still plays, with its volume in software: say so once.
                        AppLog.warning("\(error.advice); the volume is applied to the samples instead")
                    }
                }
            } catch {
                return .failure(AppFailure(status: ExitStatus.outputFailed, message: error.advice))
            }
        }
        // Rates from 0.5 to 2 keep their sound, time-stretched by libavfilter's atempo.
        outputs.environment.timeStretcher = FFmpegTimeStretcher.factory
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
            let wantsCapture = settings[DisplayOptions.screenshot] != nil || settings[DisplayOptions.captureEvery] > 0
            if wantsCapture, !sink.canCapture {
                AppLog.warning("this card has no writeback connector; no screenshots or captures")
            }
            if let shot = settings[DisplayOptions.screenshot] { sink.screenshot(to: shot, atFrame: settings[DisplayOptions.screenshotFrame]) }
            if case let every = settings[DisplayOptions.captureEvery], every > 0, let dir = settings[DisplayOptions.captureFolder] {
                sink.captureFrames(every: every, into: dir)
            }
            AppLog.info("video on \(sink.name)")
        }
        outputs.environment.restart = PlayerOptions.restart(settings)
        outputs.environment.resumeWhenRouteReturns = settings[ALSAOptions.resumeOnReturn]
        outputs.environment.slateColor = PlayerOptions.slateRGB(settings)
        let stallLimit = settings[PlayerOptions.stallLimit]
        outputs.environment.stallLimitNanoseconds = stallLimit > 0 ? Int64(stallLimit * 1e9) : nil
        return .success(outputs)
    }
}

extension Outputs {
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

/// Why playhead cannot go on, with the exit status that says so.
public struct AppFailure: Error, Sendable {
    public let status: Int32
    public let message: String
}
