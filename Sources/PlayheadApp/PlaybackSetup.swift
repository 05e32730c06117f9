import Playhead
import PlayheadALSA
import PlayheadFFmpeg

/// How the player reads and plays, from the options, whatever the outputs are: the sources'
/// threads and network limits, and what the player does with a slow rate, a failed item, a
/// stall or a sound card coming back.
enum PlaybackSetup {
    static func sourceOptions(_ settings: Settings) -> SourceOptions {
        var options = SourceOptions(decodeThreads: settings[PlayerOptions.decodeThreads],
                      networkTimeoutNanoseconds: Int64(settings[PlayerOptions.networkTimeout] * 1e9),
                      reconnectDelayMaxSeconds: settings[PlayerOptions.reconnect] ? Int(settings[PlayerOptions.reconnectDelayMax]) : nil,
                      tls: TLSPolicy(verify: settings[PlayerOptions.tlsVerify], caFile: settings[PlayerOptions.tlsCAFile],
                                     clockFile: settings[AppOptions.clockFile]))
        options.stillDuration = StillPicture.duration(seconds: settings[PlayerOptions.imageDuration]) ?? StillPicture.defaultDuration
        return options
    }

    static func apply(_ settings: Settings, to environment: inout PlaybackEnvironment) {
        // Rates from 0.5 to 2 keep their sound, time-stretched by libavfilter's atempo.
        environment.timeStretcher = FFmpegTimeStretcher.factory
        environment.restart = PlayerOptions.restart(settings)
        environment.resumeWhenRouteReturns = settings[ALSAOptions.resumeOnReturn]
        environment.slateColor = PlayerOptions.slateRGB(settings)
        let stallLimit = settings[PlayerOptions.stallLimit]
        environment.stallLimitNanoseconds = stallLimit > 0 ? Int64(stallLimit * 1e9) : nil
        environment.selectionCriteria = PlayerOptions.selectionCriteria(settings)
    }
}
