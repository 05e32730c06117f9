import Foundation
import Testing
import PlayheadALSA
import PlayheadCore
import PlayheadSys
import PlayheadTestSupport

/// The real libasound path (open, negotiate, poll, write, delay) into ALSA's `file` plugin,
/// which needs no sound card: what the sink wrote is read back and checked.
@Suite(.timeLimit(.minutes(1))) struct ALSAFilePluginTests {
    @Test func aToneComesOutWholeAtItsFrequency() async throws {
        let path = NSTemporaryDirectory() + "playhead-alsa-\(getpid()).raw"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try ALSAAudioSink(device: "file:FILE=\(path),FORMAT=raw", bufferMilliseconds: 50)
        let rate = sink.format.sampleRate, channels = sink.format.channels
        // Half a second of 1 kHz.
        let frames = rate / 2
        var tone: [Float] = []
        for i in 0..<frames {
            let v = Float(0.5 * sin(2 * Double.pi * 1000 * Double(i) / Double(rate)))
            tone.append(contentsOf: repeatElement(v, count: channels))
        }
        // The real libasound plugin and the sink's own thread, which report progress through
        // nothing but the sink's statistics: fed and watched every few milliseconds from a
        // thread of its own (OwnThread), so that a test pool busy with other tests cannot
        // hold the feeding up. A bound for a hang only, under the suite's minute: on a fresh
        // clone's first run the whole suite once stood still for 25 s and the tone, given
        // 20 s, came out short.
        let toneCopy = tone  // the feeding thread's own (tone is a var)
        let sent = await OwnThread.run("ph-test-feed") { () -> Int in
            let deadline = MonotonicClock().now().nanoseconds + 50_000_000_000
            var sent = 0
            while sent < frames && MonotonicClock().now().nanoseconds < deadline {
                sent += sink.write(toneCopy[(sent * channels)...])
                usleep(2000)
            }
            while sink.statistics.framesWritten < Int64(frames) && MonotonicClock().now().nanoseconds < deadline {
                usleep(5000)
            }
            return sent
        }
        let summary = sink.statisticsSummary
        sink.close()
        #expect(sent == frames)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytesPerSample = summary.contains("FLOAT_LE") ? 4 : summary.contains("S32_LE") ? 4 : 2
        let written = data.count / (bytesPerSample * channels)
        #expect(written == frames, "\(written) frames in the file, \(frames) sent (\(summary))")
        // First channel back to floats, then zero crossings: 1 kHz gives 2 per millisecond.
        var samples: [Double] = []
        data.withUnsafeBytes { raw in
            for f in 0..<written {
                let at = f * channels * bytesPerSample
                switch (bytesPerSample, summary.contains("FLOAT_LE")) {
                case (4, true): samples.append(Double(raw.load(fromByteOffset: at, as: Float.self)))
                case (4, false): samples.append(Double(raw.load(fromByteOffset: at, as: Int32.self)) / 2_147_483_647)
                default: samples.append(Double(raw.load(fromByteOffset: at, as: Int16.self)) / 32767)
                }
            }
        }
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        let hertz = Double(crossings) / 2 / (Double(written) / Double(rate))
        #expect(abs(hertz - 1000) < 10, "\(hertz) Hz")
        // Sample for sample what was sent: nothing lost, doubled or reordered on the way.
        let worst = zip(samples, stride(from: 0, to: tone.count, by: channels).map { Double(tone[$0]) })
            .map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 0.001, "largest difference \(worst)")
    }

    @Test func aMissingDeviceIsOneClearLine() {
        #expect {
            _ = try ALSAAudioSink(device: "hw:CARD=NoSuchCard,DEV=0")
        } throws: { error in
            guard let e = error as? ALSAError else { return false }
            return e.advice.contains("hw:CARD=NoSuchCard,DEV=0") && e.advice.contains("--audio-device")
        }
    }
}
