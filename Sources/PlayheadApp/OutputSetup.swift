import PlayheadALSA
import PlayheadKMS

/// What the options ask of the outputs once they are open: the sound card's mixer for the
/// volume, the screenshot and the frame captures of `--screenshot` and `--capture-every`.
/// None of it stops playback: an output without the means says so and plays on.
enum OutputSetup {
    static func apply(_ settings: Settings, to outputs: Outputs) {
        if let sink = outputs.alsa, let mixer = settings[ALSAOptions.mixer] {
            do { try sink.useMixer(mixer) } catch {
                // The sound still plays, with its volume in software: say so once.
                AppLog.warning("\(error.advice); the volume is applied to the samples instead")
            }
        }
        if let sink = outputs.drm { captures(settings, on: sink) }
    }

    private static func captures(_ settings: Settings, on sink: DRMVideoSink) {
        let screenshot = settings[DisplayOptions.screenshot]
        let every = settings[DisplayOptions.captureEvery]
        if screenshot != nil || every > 0, !sink.canCapture {
            AppLog.warning("this card has no writeback connector; --screenshot and --capture-every save nothing (the console's screenshot takes the picture instead)")
        }
        if let screenshot { sink.screenshot(to: screenshot, atFrame: settings[DisplayOptions.screenshotFrame]) }
        if every > 0, let folder = settings[DisplayOptions.captureFolder] { sink.captureFrames(every: every, into: folder) }
    }
}
