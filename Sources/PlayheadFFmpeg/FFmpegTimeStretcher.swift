import PlayheadCore

/// Time-stretches sound with libavfilter's atempo (WSOLA: the pitch stays), for the engine's
/// rates from 0.5 to 2. Pass `FFmpegTimeStretcher.factory` to `PlaybackEnvironment`.
public final class FFmpegTimeStretcher: AudioTimeStretcher {
    public let format: AudioFormat
    private var graph: TempoFilterGraph
    private var tempo: PlaybackRate

    public static let factory: AudioTimeStretcherFactory = { format throws(PlaybackError) in
        try FFmpegTimeStretcher(format: format)
    }

    public init(format: AudioFormat, tempo: PlaybackRate = .normal) throws(PlaybackError) {
        self.format = format
        self.tempo = tempo
        graph = try FFmpegTimeStretcher.makeGraph(format, tempo)
    }

    public func reset(tempo: PlaybackRate) throws(PlaybackError) {
        // A fresh graph is the only way to empty atempo's window, and costs microseconds.
        graph = try FFmpegTimeStretcher.makeGraph(format, tempo)
        self.tempo = tempo
    }

    public func feed(_ samples: ArraySlice<Float>) throws(PlaybackError) {
        do throws(FFmpegError) { try graph.send(samples) } catch { throw failure(error) }
    }

    public func finish() throws(PlaybackError) {
        do throws(FFmpegError) { try graph.sendEnd() } catch { throw failure(error) }
    }

    public func pull() throws(PlaybackError) -> [Float] {
        do throws(FFmpegError) { return try graph.receive() } catch { throw failure(error) }
    }

    private func failure(_ error: FFmpegError) -> PlaybackError {
        PlaybackError(.decodeFailed, "time-stretching sound at rate \(tempo) failed: \(error)")
    }

    private static func makeGraph(_ format: AudioFormat, _ tempo: PlaybackRate) throws(PlaybackError) -> TempoFilterGraph {
        // atempo takes 0.5 to 100 in FFmpeg 5.1; the engine asks for 0.5 to 2 only.
        guard tempo.numerator * 2 >= tempo.denominator, tempo.numerator <= tempo.denominator * 100 else {
            throw PlaybackError(.internalError, "time-stretching: tempo \(tempo) is outside atempo's 0.5...100")
        }
        do throws(FFmpegError) {
            return try TempoFilterGraph(format: format, tempo: tempo.doubleValue)
        } catch {
            throw PlaybackError(.decodeFailed, "cannot time-stretch \(format) sound at rate \(tempo) (libavfilter atempo): \(error)")
        }
    }
}
