import CFFmpeg
import PlayheadCore

extension FFmpegSource {
    /// The audio decode thread: decodes, converts to the sink's format, and stamps each buffer
    /// with a time that runs on sample by sample (so rounding in the container's timestamps
    /// never makes a gap), re-based when the stream really jumps.
    func runAudioDecoder(_ first: Track) {
        var track = first
        var decoderEpoch = epoch.load(ordering: .acquiring)
        var base: MediaTime?
        var produced: Int64 = 0
        var errors = 0
        let outFormat = options.audioFormat
        let jumpLimit = MediaTime(value: 40, timescale: 1000)
        /// A clock jump taken out (see the video decoder's): marked on the first sound after it.
        var clockJumpAt: MediaTime?

        func emit(_ item: DecodedItem<AudioBuffer>) {
            let tag = decoderEpoch
            audioFrames.push(Tagged(epoch: tag, value: item)) { self.epoch.load(ordering: .acquiring) == tag }
            notifyConsumer()
        }

        /// Hands on converted samples; `pts` nil: they follow the previous ones (the tail).
        func stamp(_ samples: [Float], pts: MediaTime?) {
            guard !samples.isEmpty else { return }
            if let pts, let expected = base.map({ $0 + outFormat.duration(ofFrames: Int(produced)) }) {
                if pts.isNumeric, (pts - expected) > jumpLimit || (expected - pts) > jumpLimit {
                    base = pts
                    produced = 0
                }
            } else if base == nil {
                base = pts.flatMap { $0.isNumeric ? $0 : nil } ?? .zero
                produced = 0
            }
            let start = base! + outFormat.duration(ofFrames: Int(produced))
            var buffer = AudioBuffer(pts: start, format: outFormat, samples: samples)
            if let at = clockJumpAt, start + buffer.duration > at {
                buffer.followsClockJump = true
                clockJumpAt = nil
            }
            produced += Int64(buffer.frameCount)
            emit(.element(buffer))
        }

        func converted(_ result: Result<[Float], PlaybackError>, pts: MediaTime?) -> Bool {
            switch result {
            case .failure(let error):
                emit(.failed(PlaybackError(error.code, "\(location): \(error.message)")))
                return false
            case .success(let samples):
                stamp(samples, pts: pts)
                return true
            }
        }

        func take(_ raw: UnsafeMutablePointer<AVFrame>) -> Bool {
            converted(resampler.convert(raw), pts: track.timing.mediaTime(raw.pointee.best_effort_timestamp))
        }

        func receiveAll() -> Bool {
            while true {
                switch track.decoder.receive() {
                case .frame(let raw): if !take(raw) { return false }
                case .needInput, .drained: return true
                case .failed:
                    errors += 1
                    if errors > 32 {
                        emit(.failed(PlaybackError(.decodeFailed, "\(location): the \(track.decoder.codecName) audio cannot be decoded")))
                        return false
                    }
                    return true
                }
            }
        }

        while case .element(let tagged) = audioPackets.pop() {
            // Whatever its epoch: the packets after it are the new track's.
            if case .switchTrack(let next) = tagged.value {
                track.decoder.flush()
                track = next
                resampler.reset()
                base = nil
                errors = 0
                continue
            }
            if tagged.epoch != epoch.load(ordering: .acquiring) { continue }
            if tagged.epoch != decoderEpoch {
                track.decoder.flush()
                resampler.reset()
                base = nil
                clockJumpAt = nil
                decoderEpoch = tagged.epoch
            }
            switch tagged.value {
            case .packet(let packet):
                var rc = track.decoder.send(packet)
                while rc == FFmpegError.again {
                    guard receiveAll() else { break }
                    rc = track.decoder.send(packet)
                }
                if rc < 0 && rc != FFmpegError.again { errors += 1 } else if receiveAll() { errors = 0 }
            case .end, .failed:
                _ = track.decoder.send(nil)
                if receiveAll(), case .end = tagged.value { _ = converted(resampler.drain(), pts: nil) }
                track.decoder.flush()
                resampler.reset()
                base = nil
                if case .failed(let error) = tagged.value { emit(.failed(error)) } else { emit(.end) }
            case .segmentStart, .segmentEnd, .switchTrack:
                break
            case .clockJump(let at):
                clockJumpAt = at
            }
        }
    }
}
