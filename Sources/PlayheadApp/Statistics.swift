import Playhead
import PlayheadSys

/// `--stats`: the counters on standard error at the end, in the lines board checks and
/// benchmarks read.
enum Statistics {
    static func print(player: QueuePlayer, outputs: Outputs, started: Int64) {
        let s = player.statistics
        StandardStreams.error("playhead: stats: presented=\(s.framesPresented) dropped=\(s.framesDropped) late=\(s.framesLate) audio-frames=\(s.audioFramesWritten) stalls=\(s.stalls) restarts=\(s.restarts) decode-skip-changes=\(s.decodeSkipChanges)")
        if let alsa = outputs.alsa { StandardStreams.error("playhead: audio: \(alsa.statisticsSummary)") }
        if let drm = outputs.drm {
            let d = drm.statistics
            StandardStreams.error("playhead: display: \(d.summary)")
            let first = d.firstFlipAtNanoseconds > 0 ? "\((d.firstFlipAtNanoseconds - started) / 1_000_000)ms" : "none"
            let usage = ProcessUsage.current()
            let perFrame = d.presented > 0 ? usage.cpuNanoseconds / Int64(d.presented) / 1000 : 0
            StandardStreams.error("playhead: process: first-frame=\(first) cpu=\(usage.cpuNanoseconds / 1_000_000)ms"
                + " cpu-per-presented-frame=\(perFrame)us peak-rss=\(usage.peakResidentBytes / 1_048_576)MB")
        }
    }
}
