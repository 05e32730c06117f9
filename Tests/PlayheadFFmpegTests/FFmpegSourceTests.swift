import Foundation
import Testing
import Playhead
import PlayheadSys
import PlayheadTestSupport
@testable import PlayheadFFmpeg

/// An FFmpeg source driven directly, without a player: what its threads do at the edges. The
/// tests wait for the source's wake between pulls (SourceWake), suspended, never by blocking:
/// on two cores the test pool has two threads, and three blocking tests starved every async
/// test for half a minute.
@Suite(.serialized, .timeLimit(.minutes(2))) struct FFmpegSourceTests {
    static let media = FFmpegPlaybackTests.media

    /// Closing while the demuxer waits on a server that stopped sending mid-file returns at
    /// once, not when the network timeout runs out: close aborts the blocked read.
    @Test func closeWhileAReadHangsReturnsAtOnce() async throws {
        // h264_aac.mp4 keeps its index first (faststart): 60 kB of its 119 kB open it.
        let server = try #require(await StaticHTTPServer.start(root: Self.media, stallAfter: 60_000))
        defer { server.stop() }
        let options = SourceOptions(networkTimeoutNanoseconds: 30_000_000_000)
        // The open reads from the network: on a thread of its own, not the test pool's.
        let location = try MediaLocation("\(server.base)/h264_aac.mp4")
        let source = try await OwnThread.run { Result { try FFmpegBackend().open(location, options: options) } }.get()
        let wake = SourceWake()
        source.start(wake: wake.call)
        // Take what arrives until nothing has for a second: the demuxer then waits on the socket,
        // not on a full queue. Real time, as this test is about the network: the quiet second
        // counts from the first picture (on a loaded machine the open itself can take longer).
        var pictures = 0
        while await wake.wait(within: pictures == 0 ? .seconds(30) : .seconds(1), until: {
            var got = false
            while case .element = source.pullVideo() { pictures += 1; got = true }
            while case .element = source.pullAudio() { got = true }
            return got
        }) {}
        #expect(pictures > 0 && pictures < 50, "\(pictures) pictures: the server did not stall mid-file")
        let start = ContinuousClock.now
        source.close()
        let took = ContinuousClock.now - start
        #expect(took < .seconds(2), "close took \(took)")
    }

    /// Reverse play from the end of a clip that is one 100-frame GOP: every frame comes once,
    /// latest first, and the decoder never held more pictures than the limit.
    @Test func reverseOverALongGOPShowsEveryFrameOnceHoldingFewPictures() async throws {
        let opened = try FFmpegBackend().open(MediaLocation("\(Self.media)/long_gop.mp4"),
                                              options: SourceOptions(reverseFrameLimit: 16))
        let source = try #require(opened as? FFmpegSource)
        defer { source.close() }
        let wake = SourceWake()
        source.start(wake: wake.call)
        source.seek(to: source.info.duration, backwards: true)
        var times: [MediaTime] = []
        pulling: while true {
            switch await wake.next({ source.pullVideo() }) {
            case .element(let frame): times.append(frame.pts)
            case .pending: Issue.record("no frame within \(Occurrences.bound)"); break pulling
            case .endOfStream: break pulling
            case .failed(let error): Issue.record("\(error)"); break pulling
            }
        }
        // long_gop.mp4 is 25 fps from 0: frame n at n/25 s (ffprobe shows the same).
        let expected = (0..<100).reversed().map { MediaTime(value: Int64($0), timescale: 25) }
        #expect(times == expected, "\(times.count) frames: \(times.map(\.secondsText))")
        let most = source.reverseFramesHeldMost.load(ordering: .relaxed)
        #expect(most > 1 && most <= 16, "held \(most) pictures at once")
    }

    /// A seek while the threads run, at every moment of a fresh source's start (decoding, the
    /// demuxer at the end of the file): decoding restarts at the keyframe before the target and
    /// the sound comes too. A seek used to publish its request before flushing the queues, so
    /// what the demuxer read for it could be flushed: the item hung, or jumped to its last GOP.
    @Test func aSeekWhileStartingRestartsAtTheKeyframeBeforeTheTarget() async throws {
        // h264_aac.mp4: keyframes every 12 frames at 25 fps; 0.68 s is in the GOP from 0.48 s.
        let target = MediaTime(value: 68, timescale: 100), keyframe = MediaTime(value: 12, timescale: 25)
        for round in 0..<60 {
            let source = try FFmpegBackend().open(MediaLocation("\(Self.media)/h264_aac.mp4"), options: SourceOptions())
            defer { source.close() }
            let wake = SourceWake()
            source.start(wake: wake.call)
            var taken = 0
            // A wake may stand for more than one element: pull until told to wait again (the
            // sound too, so that the demuxer is not held up by it).
            _ = await wake.wait {
                while taken < round % 20, case .element = source.pullVideo() { taken += 1 }
                while case .element = source.pullAudio() {}
                return taken >= round % 20
            }
            source.seek(to: target, backwards: false)
            var first: MediaTime?, heard = false
            // A hang is what this looks for; the bound only tells it from a machine busy with
            // the other suites.
            var outcome = "nothing within \(Occurrences.bound)"
            // A picture and a sound in turn, as the engine takes them. One of them may come to
            // its end before the other gives anything (its decoder starved on a loaded
            // machine): only both ended, a failure or the bound end the wait.
            var videoEnded = false, soundEnded = false
            _ = await wake.wait {
                while true {
                    var got = false
                    if !videoEnded {
                        switch source.pullVideo() {
                        case .element(let frame): first = first ?? frame.pts; got = true
                        case .endOfStream: videoEnded = true
                        case .failed(let error): outcome = "\(error)"; return true
                        case .pending: break
                        }
                    }
                    if !soundEnded {
                        switch source.pullAudio() {
                        case .element: heard = true; got = true
                        case .endOfStream: soundEnded = true
                        case .failed(let error): outcome = "\(error)"; return true
                        case .pending: break
                        }
                    }
                    if first != nil && heard { return true }
                    if videoEnded && soundEnded { outcome = "the end"; return true }
                    if !got { return false }
                }
            }
            guard first == keyframe && heard else {
                Issue.record("round \(round), \(taken) frames in: first frame \(first?.secondsText ?? "none"), sound \(heard), then \(outcome)")
                return
            }
        }
    }

    /// Sound whose rate is converted comes out whole: two seconds at 44.1 kHz are 96000
    /// frames at 48 kHz, the resampler's tail included (without it, 17 were lost at each end
    /// of an item: a click between gapless items). The tone is PCM: no codec padding.
    @Test func convertedSoundKeepsTheResamplersTail() async throws {
        let source = try FFmpegBackend().open(MediaLocation("\(Self.media)/tone44.wav"), options: SourceOptions())
        defer { source.close() }
        let wake = SourceWake()
        source.start(wake: wake.call)
        var frames = 0
        var end = MediaTime.zero
        pulling: while true {
            switch await wake.next({ source.pullAudio() }) {
            case .element(let buffer):
                #expect(buffer.pts == end, "buffer at \(buffer.pts.secondsText) after one ending at \(end.secondsText)")
                frames += buffer.frameCount
                end = buffer.end
            case .pending: Issue.record("no sound within \(Occurrences.bound)"); break pulling
            case .endOfStream: break pulling
            case .failed(let error): Issue.record("\(error)"); break pulling
            }
        }
        #expect(frames == 96000)
    }

    /// Demuxing and decoding give way to the threads that keep time: each of the source's
    /// threads runs `decodingNiceSteps` nice levels below the process.
    @Test func theSourcesThreadsRunBelowTheProcess() async throws {
        let opened = try FFmpegBackend().open(MediaLocation("\(Self.media)/h264_aac.mp4"), options: SourceOptions())
        let source = try #require(opened as? FFmpegSource)
        defer { source.close() }
        let base = try #require(Self.nice(of: "self"))
        let wake = SourceWake()
        source.start(wake: wake.call)
        #expect(await wake.wait { if case .element = source.pullVideo() { return true }; return false })
        // Other suites' sources may run meanwhile; theirs were started by threads at the same
        // level. A thread has its name a moment before its first step lowers it (a loaded
        // machine stretches that moment): /proc, which sends no event, is read again every
        // millisecond until every one is down, up to 30 s.
        let wanted = min(19, base + Int(WorkerThread.decodingNiceSteps))
        var seen: [String: Int] = [:], above: [String] = []
        let giveUp = ContinuousClock.now + Occurrences.bound
        repeat {
            if !above.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
            seen = [:]
            above = []
            for tid in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") {
                guard let comm = try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8),
                      ["ph-demux", "ph-vdec", "ph-adec"].contains(comm.trimmingCharacters(in: .whitespacesAndNewlines)),
                      let nice = Self.nice(of: "self/task/\(tid)") else { continue }
                let name = comm.trimmingCharacters(in: .whitespacesAndNewlines)
                seen[name, default: 0] += 1
                if nice != wanted { above.append("\(name) at nice \(nice)") }
            }
        } while !above.isEmpty && ContinuousClock.now < giveUp
        #expect(above.isEmpty, "\(above), the process at \(base)")
        #expect(seen.keys.sorted() == ["ph-adec", "ph-demux", "ph-vdec"], "threads seen: \(seen)")
    }

    /// A video decoder that falls behind (here: never pulled) fills its queues first; the
    /// sound, read by the same demuxer, must go on. av_sync.mp4 is 10 s at 30 fps: blocked on
    /// the full video queue (96 packets and 6 frames), the demuxer stopped near 3.5 s and the
    /// sound with it; with the overflow the video queue may hold three times as much.
    @Test func soundGoesOnWhileTheVideoFallsBehind() async throws {
        let opened = try FFmpegBackend().open(MediaLocation("\(Self.media)/av_sync.mp4"), options: SourceOptions())
        let source = try #require(opened as? FFmpegSource)
        defer { source.close() }
        let wake = SourceWake()
        source.start(wake: wake.call)
        var last = MediaTime.zero
        // A demuxer held up by the video sends no more wakes: 10 s without sound tells that
        // from a machine busy with the other suites (it was 1 s).
        pulling: while true {
            switch await wake.next(within: .seconds(10), { source.pullAudio() }) {
            case .element(let buffer): last = buffer.pts
            case .pending: break pulling
            case .endOfStream: break pulling
            case .failed(let error): Issue.record("\(error)"); break pulling
            }
        }
        #expect(last > MediaTime(value: 8, timescale: 1), "the sound stopped at \(last.secondsText) s")
    }

    /// The levels of decode skip reach libavcodec: leaving out non-reference frames shows fewer
    /// frames, the same pictures; leaving out deblocking too changes the pictures, keyframes
    /// included (H.264 deblocks intra pictures as well).
    @Test func decodeSkipLevelsLeaveOutFramesAndDeblocking() async throws {
        let all = try await Self.decodedPictures(skipping: .none).pictures
        let nonReference = try await Self.decodedPictures(skipping: .nonReference).pictures
        let unfiltered = try await Self.decodedPictures(skipping: .nonReferenceUnfiltered).pictures
        // h264_aac.mp4: 50 frames, 27 of them B-frames (ffprobe), not all used as references.
        #expect(all.count == 50)
        #expect(nonReference.count < all.count && nonReference.count > 20, "\(nonReference.count) frames")
        #expect(unfiltered.map(\.pts) == nonReference.map(\.pts))
        let first = try #require(all.first)
        #expect(nonReference.first?.digest == first.digest)
        #expect(unfiltered.first.map { $0.digest != first.digest } == true)
    }

    /// What was read ends where the last packet ends, whatever the decoder left out: the
    /// engine ends an item there (an item ended at its last picture shown, keyframes only,
    /// ended up to a keyframe interval early).
    @Test func whatWasReadEndsAtTheLastPacketsEndWhateverWasLeftOut() async throws {
        let all = try await Self.decodedPictures(skipping: .none)
        let keys = try await Self.decodedPictures(skipping: .nonKey)
        let lastEnd = try #require(all.pictures.last).pts + MediaTime(value: 1, timescale: 25)
        #expect(all.readEnd == lastEnd, "read to \(all.readEnd?.secondsText ?? "-") s, the last picture ends at \(lastEnd.secondsText) s")
        #expect(keys.pictures.count < all.pictures.count / 2, "\(keys.pictures.count) keyframes")
        #expect(keys.readEnd == lastEnd)
    }

    static func decodedPictures(skipping level: DecodeSkip) async throws -> (pictures: [(pts: MediaTime, digest: UInt64)], readEnd: MediaTime?) {
        let opened = try FFmpegBackend().open(MediaLocation("\(media)/h264_aac.mp4"), options: SourceOptions())
        let source = try #require(opened as? FFmpegSource)
        defer { source.close() }
        source.setEnabled(false, mediaType: .audio)
        source.setDecodeSkip(level)
        let wake = SourceWake()
        source.start(wake: wake.call)
        var pictures: [(pts: MediaTime, digest: UInt64)] = []
        pulling: while true {
            switch await wake.next({ source.pullVideo() }) {
            case .element(let frame): pictures.append((frame.pts, frame.picture.digest()))
            case .pending: Issue.record("no picture within \(Occurrences.bound)"); break pulling
            case .endOfStream: break pulling
            case .failed(let error): Issue.record("\(error)"); break pulling
            }
        }
        return (pictures, source.loadedTimeRanges().last?.end)
    }

    /// The nice value in /proc/PATH/stat (its 19th field; the name in field 2 may hold spaces).
    static func nice(of path: String) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(path)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }
}
