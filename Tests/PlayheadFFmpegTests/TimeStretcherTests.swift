import Foundation
import Testing
import Playhead
import PlayheadFFmpeg

/// libavfilter's atempo through `FFmpegTimeStretcher`: the length changes with the tempo, the
/// pitch does not.
@Suite struct TimeStretcherTests {
    let format = AudioFormat(sampleRate: 48000, channels: 2)

    /// `seconds` of a 1 kHz sine, interleaved, the same on both channels.
    func sine(seconds: Double, hz: Double = 1000) -> [Float] {
        let frames = Int(seconds * Double(format.sampleRate))
        var out = [Float](repeating: 0, count: frames * format.channels)
        for f in 0..<frames {
            let v = Float(0.5 * sin(2 * Double.pi * hz * Double(f) / Double(format.sampleRate)))
            for c in 0..<format.channels { out[f * format.channels + c] = v }
        }
        return out
    }

    /// Everything the stretcher makes of `input`, fed as a decoder would, 1024 frames at a time.
    func stretch(_ input: [Float], tempo: Double) throws -> [Float] {
        let s = try FFmpegTimeStretcher(format: format)
        try s.reset(tempo: PlaybackRate(tempo))
        var out: [Float] = []
        let chunk = 1024 * format.channels
        for start in stride(from: 0, to: input.count, by: chunk) {
            try s.feed(input[start..<min(start + chunk, input.count)])
            out += try s.pull()
        }
        try s.finish()
        out += try s.pull()
        return out
    }

    /// The frequency of channel 0 from its zero crossings, leaving out the first and last 50 ms
    /// (the stretcher's window fades in and out there).
    func frequency(_ samples: [Float]) -> Double {
        let channel = stride(from: 0, to: samples.count, by: format.channels).map { samples[$0] }
        let margin = format.sampleRate / 20
        let body = channel[margin..<(channel.count - margin)]
        var crossings = 0
        for (a, b) in zip(body, body.dropFirst()) where (a < 0) != (b < 0) { crossings += 1 }
        return Double(crossings) / 2 / (Double(body.count) / Double(format.sampleRate))
    }

    @Test(arguments: [2.0, 0.5, 1.5]) func keepsThePitchAndScalesTheLength(_ tempo: Double) throws {
        let input = sine(seconds: 2)
        let out = try stretch(input, tempo: tempo)
        let inFrames = Double(input.count / format.channels), outFrames = Double(out.count / format.channels)
        // atempo's output is the input's length over the tempo, give or take its window.
        #expect(abs(outFrames - inFrames / tempo) < 0.01 * inFrames / tempo, "\(outFrames) frames out of \(inFrames)")
        let hz = frequency(out)
        #expect(abs(hz - 1000) < 10, "\(hz) Hz at tempo \(tempo)")
        // Both channels stay the same signal.
        #expect(stride(from: 0, to: out.count, by: 2).allSatisfy { out[$0] == out[$0 + 1] })
    }

    @Test func resetDropsWhatTheWindowHeld() throws {
        let s = try FFmpegTimeStretcher(format: format)
        try s.reset(tempo: PlaybackRate(2.0))
        try s.feed(sine(seconds: 0.5)[...])
        _ = try s.pull()
        try s.reset(tempo: PlaybackRate(0.5))
        try s.finish()
        // Nothing fed since the reset: nothing comes out, not the old tempo's tail.
        #expect(try s.pull().isEmpty)
    }
}
