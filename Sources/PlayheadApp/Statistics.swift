import Playhead
import PlayheadSys

/// `--stats`: the counters on standard error at the end, in the lines board checks and
/// benchmarks read.
enum Statistics {
    static func print(player: QueuePlayer, outputs: Outputs, started: Int64) {
        let s = player.statistics
        StandardStreams.error("playhead: stats: presented=\(s.framesPresented) dropped=\(s.framesDropped) late=\(s.framesLate) audio-frames=\(s.audioFramesWritten) stalls=\(s.stalls) restarts=\(s.restarts) decode-skip-changes=\(s.decodeSkipChanges) decode-skip-deepest=\(s.decodeSkipDeepest)")
        if let alsa = outputs.alsa { StandardStreams.error("playhead: audio: \(alsa.statisticsSummary)") }
        var first = "none"
        var presented = s.framesPresented
        if let drm = outputs.drm {
            let d = drm.statistics
            StandardStreams.error("playhead: display: \(d.summary)")
            if d.firstFlipAtNanoseconds > 0 { first = "\((d.firstFlipAtNanoseconds - started) / 1_000_000)ms" }
            presented = d.presented
        }
        // Also without a display: the decode benchmarks read the peak memory from it.
        let usage = ProcessUsage.current()
        let perFrame = presented > 0 ? usage.cpuNanoseconds / Int64(presented) / 1000 : 0
        StandardStreams.error("playhead: process: first-frame=\(first) cpu=\(usage.cpuNanoseconds / 1_000_000)ms"
            + " cpu-per-presented-frame=\(perFrame)us peak-rss=\(usage.peakResidentBytes / 1_048_576)MB")
    }
}
