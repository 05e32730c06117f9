/// Changes the tempo of sound without changing its pitch, for playback rates from 0.5 to 2.
/// Works in the sink's format (interleaved float) and belongs to one thread, the engine's.
///
/// Output lags input by the stretcher's window: what is fed comes out in later pulls, and the
/// last of it only after `finish`. The stretcher keeps no time; its caller does (n frames out
/// at tempo r stand for n × r frames in, see `AudioClockMap`).
public protocol AudioTimeStretcher: AnyObject {
    var format: AudioFormat { get }
    /// The tempo of what is fed from now on. Drops whatever is held: a rate change or a seek
    /// starts the sound anew.
    func reset(tempo: PlaybackRate) throws(PlaybackError)
    /// Interleaved samples, whole frames.
    func feed(_ samples: ArraySlice<Float>) throws(PlaybackError)
    /// The sound ends here: what the window holds comes out on the next pull. Feeding again
    /// needs a `reset` first.
    func finish() throws(PlaybackError)
    /// The stretched samples ready so far; empty when none is.
    func pull() throws(PlaybackError) -> [Float]
}

/// Makes a stretcher for the sink's format; the engine calls it on its own thread, the first
/// time a rate needs one.
public typealias AudioTimeStretcherFactory = @Sendable (AudioFormat) throws(PlaybackError) -> any AudioTimeStretcher
