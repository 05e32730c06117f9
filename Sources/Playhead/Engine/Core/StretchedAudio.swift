/// The engine's time-stretcher and where its sound stands on the timeline (rates 0.5 to 2).
/// The stretcher keeps no time: its input starts at `inputStart`, and n frames out at tempo r
/// stand for n × r frames in, so the output's place follows from what has come out.
struct StretchedAudio {
    let stretcher: any AudioTimeStretcher
    /// The tempo since the last reset.
    var tempo: PlaybackRate
    /// Timeline just after the last sound fed since the last reset (nil: none fed).
    var inputEnd: MediaTime?
    /// Timeline of the first frame of `output`.
    var outputAt: MediaTime = .zero
    /// Stretched samples pulled but not yet taken by the sink.
    var output: [Float] = []
    /// `finish` was called: the tail is out, and new sound needs a reset first.
    var finished = false

    init(stretcher: any AudioTimeStretcher, tempo: PlaybackRate) {
        self.stretcher = stretcher
        self.tempo = tempo
    }

    /// Sound fed and not yet handed to the device: in the stretcher's window or in `output`.
    var holdsSound: Bool { (inputEnd != nil && !finished) || !output.isEmpty }
}
