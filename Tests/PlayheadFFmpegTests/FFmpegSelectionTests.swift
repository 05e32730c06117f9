import Testing
import Playhead
import PlayheadTestSupport
@testable import PlayheadFFmpeg

/// Sound tracks chosen on a real file (two_languages.mkv from gen-media.sh: English at 440 Hz,
/// marked default, French at 880 Hz, forced English subtitles): the track opened is the one
/// decoded, and one chosen while playing is heard from the time asked for while the pictures
/// go on, each once. The clip is 8 s: at the switch the demuxer is seconds ahead, not at the end.
@Suite(.serialized, .timeLimit(.minutes(2))) struct FFmpegSelectionTests {
    static let file = "\(FFmpegPlaybackTests.media)/two_languages.mkv"

    /// Zero crossings of the left channel, as a frequency.
    static func frequency(_ buffers: [AudioBuffer]) -> Double {
        var crossings = 0, frames = 0, previous: Float?
        for b in buffers {
            for i in stride(from: 0, to: b.samples.count, by: b.format.channels) {
                let s = b.samples[i]
                if let p = previous, (p < 0) != (s < 0) { crossings += 1 }
                previous = s
            }
            frames += b.frameCount
        }
        guard let rate = buffers.first?.format.sampleRate, frames > 0 else { return 0 }
        return Double(crossings) / 2 / (Double(frames) / Double(rate))
    }

    @Test func theGroupsSayWhatTheContainerSays() throws {
        let source = try FFmpegBackend().open(MediaLocation(Self.file), options: SourceOptions())
        defer { source.close() }
        let audible = try #require(source.info.selectionGroups.first { $0.characteristic == .audible })
        #expect(audible.options.map(\.languageCode) == ["en", "fr"])
        #expect(audible.options.map(\.title) == ["English", "Francais"])
        #expect(audible.defaultOption?.languageCode == "en")
        let legible = try #require(source.info.selectionGroups.first { $0.characteristic == .legible })
        // The muxed forced track, then the files beside it (gen-media.sh writes both).
        #expect(legible.options.map(\.trackID) == [3, 1000, 1001])
        #expect(legible.options[0].traits.contains(.forced) && legible.options[0].file == nil)
        #expect(legible.options.dropFirst().map(\.languageCode) == ["en", "fr"])
        #expect(legible.options.dropFirst().map(\.file) == ["\(FFmpegPlaybackTests.media)/two_languages.en.srt",
                                                            "\(FFmpegPlaybackTests.media)/two_languages.fr.vtt"])
    }

    @Test func theTrackOpenedIsTheOneHeard() async throws {
        for (id, hertz) in [(nil as Int?, 440.0), (1, 440), (2, 880)] {
            var options = SourceOptions()
            options.audioTrackID = id
            let source = try FFmpegBackend().open(MediaLocation(Self.file), options: options)
            defer { source.close() }
            let wake = SourceWake()
            source.start(wake: wake.call)
            var heard: [AudioBuffer] = []
            _ = await wake.wait {
                while case .element = source.pullVideo() {}
                while case .element(let b) = source.pullAudio() { heard.append(b) }
                return heard.count >= 24
            }
            let f = Self.frequency(heard)
            #expect(abs(f - hertz) < hertz * 0.05, "track \(id.map(String.init) ?? "default"): \(f) Hz")
        }
    }

    @Test func aTrackChosenWhilePlayingIsHeardFromThenAndThePicturesGoOn() async throws {
        let source = try #require(try FFmpegBackend().open(MediaLocation(Self.file), options: SourceOptions()) as? FFmpegSource)
        defer { source.close() }
        let wake = SourceWake()
        source.start(wake: wake.call)
        let at = MediaTime(value: 3, timescale: 2)
        var pictures: [MediaTime] = [], before: [AudioBuffer] = [], after: [AudioBuffer] = []
        var switched = false, videoEnded = false, soundEnded = false
        var failure: String?
        // Pictures and sound in turn, as the engine takes them; the switch once the pictures
        // reach 1.5 s, asked from there.
        _ = await wake.wait {
            while true {
                var got = false
                if !videoEnded {
                    switch source.pullVideo() {
                    case .element(let f): pictures.append(f.pts); got = true
                    case .endOfStream: videoEnded = true
                    case .failed(let e): failure = "\(e)"; return true
                    case .pending: break
                    }
                }
                if !switched, let last = pictures.last, last >= at {
                    do throws(SelectionRefusal) { try source.selectAudioTrack(2, from: at) } catch { failure = error.message; return true }
                    switched = true
                }
                // Sound only as far as the pictures (and 0.2 s), as a clock would take it.
                let heardTo = (switched ? after.last : before.last).map { $0.pts + $0.duration } ?? .zero
                let picturesTo = videoEnded ? MediaTime(value: 100, timescale: 1) : (pictures.last ?? .zero) + MediaTime(value: 1, timescale: 5)
                if !soundEnded, heardTo <= picturesTo {
                    switch source.pullAudio() {
                    case .element(let b): if switched { after.append(b) } else { before.append(b) }; got = true
                    case .endOfStream: soundEnded = true
                    case .failed(let e): failure = "\(e)"; return true
                    case .pending: break
                    }
                }
                if videoEnded && soundEnded { return true }
                if !got { return false }
            }
        }
        #expect(failure == nil, "\(failure ?? "")")
        #expect(switched)
        // Every picture once, in order, 40 ms apart: the refill handed none of them again.
        let frame = MediaTime(value: 1, timescale: 25)
        #expect(pictures.count == 200, "\(pictures.count) pictures")
        #expect(Set(zip(pictures, pictures.dropFirst()).map { $0.1 - $0.0 }) == [frame])
        // What the old track had decoded ahead may still come first; the new track's sound
        // then starts again from (at most a packet before) the time asked, at 880 Hz, to the end.
        let back = try #require(after.indices.first { $0 > 0 && after[$0].pts < after[$0 - 1].pts } ?? (after.first.map { $0.pts <= at } == true ? 0 : nil),
                                "the sound never went back to \(at.secondsText) s: \(after.map { "\($0.pts.secondsText)@\(Int(Self.frequency([$0])))" })")
        let french = Array(after[back...]), late = Array(after[..<back])
        #expect(french[0].pts <= at && at - french[0].pts < MediaTime(value: 1, timescale: 10), "French from \(french[0].pts.secondsText) s")
        #expect(abs(Self.frequency(french) - 880) < 44, "after the switch: \(Self.frequency(french)) Hz")
        #expect(late.isEmpty || abs(Self.frequency(late) - 440) < 44, "decoded ahead before it: \(Self.frequency(late)) Hz")
        let end = try #require(french.last)
        #expect(end.pts + end.duration >= MediaTime(value: 79, timescale: 10), "the French sound ends at \((end.pts + end.duration).secondsText) s")
        #expect(abs(Self.frequency(before) - 440) < 22)
    }
}
