import PlayheadCore
import PlayheadFFmpeg
import PlayheadSys

/// Playhead's demux and decode entry (FFmpegBackend.open, then every packet pulled through
/// the source's threads), then the same bytes as a player item (ItemFuzz), fed with arbitrary
/// bytes.
///
/// Built two ways. `make fuzz` builds it with `--sanitize=fuzzer` and `-DFUZZING`: libFuzzer
/// drives `LLVMFuzzerTestOneInput` for a bounded time and keeps any input that crashes. A
/// normal build gives a `main` that plays the files named on its command line through the same
/// entry, which `make test` runs over the kept regression inputs.
enum DemuxFuzz {
    static func run(_ bytes: UnsafeRawBufferPointer) {
        let path = "/dev/shm/playhead-fuzz-\(CurrentProcess.id).bin"
        defer { FileOutput.remove(path) }
        do { try FileOutput.write(Array(bytes), to: path, mode: 0o600) } catch { return }
        play(path)
        ItemFuzz.play(path)
    }

    /// Opens `path` and pulls what it gives until its end, a failure, or a bound; returns a
    /// line saying which.
    @discardableResult
    static func play(_ path: String) -> String {
        let source: any MediaSource
        do {
            source = try FFmpegBackend().open(try MediaLocation(path), options: SourceOptions(decodeThreads: 1, networkTimeoutNanoseconds: 2_000_000_000))
        } catch {
            return "failed to open: \(error.message)"
        }
        defer { source.close() }
        source.start(wake: {})
        var frames = 0, samples = 0, videoDone = !source.info.tracks.contains { $0.mediaType == .video }
        var audioDone = !source.info.tracks.contains { $0.mediaType == .audio }
        var result = ""
        // A bound on the work for one input: a few hundred pulls or two seconds, whichever first.
        let deadline = MonotonicClock().now().nanoseconds + 2_000_000_000
        while !(videoDone && audioDone) && frames < 300 && MonotonicClock().now().nanoseconds < deadline {
            var progressed = false
            if !videoDone {
                switch source.pullVideo() {
                case .element: frames += 1; progressed = true
                case .pending: break
                case .endOfStream: videoDone = true
                case .failed(let e): result = "video failed: \(e.message)"; videoDone = true; audioDone = true
                }
            }
            if !audioDone {
                switch source.pullAudio() {
                case .element(let b): samples += b.frameCount; progressed = true
                case .pending: break
                case .endOfStream: audioDone = true
                case .failed(let e): result = "audio failed: \(e.message)"; videoDone = true; audioDone = true
                }
            }
            if !progressed { MonotonicClock.sleep(microseconds: 500) }
        }
        return result.isEmpty ? "played: \(frames) frames, \(samples) samples" : result
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    DemuxFuzz.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
@main
struct ReplayMain {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            print("\(path): \(DemuxFuzz.play(path)); \(ItemFuzz.play(path))")
        }
    }
}
#endif
