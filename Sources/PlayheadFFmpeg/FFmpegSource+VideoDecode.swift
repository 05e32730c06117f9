import CFFmpeg
import CShims
import PlayheadCore

extension FFmpegSource {
    /// The video decode thread. Each frame is held back until the next one arrives, so its
    /// duration is the real gap between them (variable frame rate comes out right).
    func runVideoDecoder(_ track: Track) {
        var decoderEpoch = epoch.load(ordering: .acquiring)
        var held: VideoFrame?
        var segment: ReverseWindow<VideoFrame>?
        var errors = 0
        /// A clock jump taken out before the packets that follow: the first picture from this
        /// time on is marked.
        var jumpAt: MediaTime?

        func emit(_ item: DecodedItem<VideoFrame>) {
            let tag = decoderEpoch
            videoFrames.push(Tagged(epoch: tag, value: item)) { self.epoch.load(ordering: .acquiring) == tag }
            notifyConsumer()
        }

        func take(_ raw: UnsafeMutablePointer<AVFrame>) {
            let pts = track.timing.mediaTime(raw.pointee.best_effort_timestamp)
            // No length, or one no MediaTime holds: the stream's frame rate says it.
            let length = track.timing.duration(playhead_frame_duration(raw))
            let declared = length.isNumeric && !track.isStill ? length : track.frameDuration
            let key = playhead_frame_is_key(raw) != 0
            if track.containerAspect.num > 0 && track.containerAspect.den > 0 { raw.pointee.sample_aspect_ratio = track.containerAspect }
            guard pts.isNumeric, let picture = FFmpegPicture(takingFrom: raw, rotation: track.rotation) else { return }
            var frame = VideoFrame(pts: pts, duration: declared, isKeyframe: key, picture: picture)
            frame.nominalFrameRate = track.nominalFrameRate
            if let at = jumpAt, pts >= at {
                frame.followsClockJump = true
                jumpAt = nil
            }
            if segment != nil {
                segment!.offer(frame, at: frame.pts)
                reverseFramesHeldMost.max(segment!.count, ordering: .relaxed)
                return
            }
            if var previous = held {
                if frame.pts > previous.pts { previous.duration = frame.pts - previous.pts }
                emit(.element(previous))
            }
            held = frame
        }

        func receiveAll() -> Bool {
            while true {
                switch track.decoder.receive() {
                case .frame(let raw): take(raw)
                case .needInput: return true
                case .drained: return true
                case .failed(let rc):
                    errors += 1
                    if errors > 32 {
                        emit(.failed(PlaybackError(.decodeFailed, "\(location): the \(track.decoder.codecName) video cannot be decoded: \(FFmpegError.describe(rc))")))
                        return false
                    }
                    return true
                }
            }
        }

        func drain() {
            _ = track.decoder.send(nil)
            _ = receiveAll()
            track.decoder.flush()
        }

        while case .element(let tagged) = videoPackets.pop() {
            if tagged.epoch != epoch.load(ordering: .acquiring) { continue }
            if tagged.epoch != decoderEpoch {
                track.decoder.flush()
                held = nil
                segment = nil
                jumpAt = nil
                decoderEpoch = tagged.epoch
            }
            switch tagged.value {
            case .packet(let packet):
                track.decoder.setSkip(DecodeSkip(rawValue: videoSkip.load(ordering: .relaxed)) ?? .none)
                var rc = track.decoder.send(packet)
                while rc == FFmpegError.again {
                    guard receiveAll() else { break }
                    rc = track.decoder.send(packet)
                }
                if rc < 0 && rc != FFmpegError.again {
                    errors += 1
                } else if receiveAll() {
                    errors = 0
                }
            case .end:
                drain()
                if let last = held { emit(.element(last)) }
                held = nil
                emit(.end)
            case .failed(let error):
                drain()
                if let last = held { emit(.element(last)) }
                held = nil
                emit(.failed(error))
            case .segmentStart(let limit):
                track.decoder.flush()
                segment = ReverseWindow(limit: limit, capacity: max(1, options.reverseFrameLimit))
            case .segmentEnd(let start):
                drain()
                for shown in segment?.shown(from: start) ?? [] {
                    var f = shown.element
                    if shown.end > f.pts { f.duration = shown.end - f.pts }
                    emit(.element(f))
                }
                segment = nil
            case .switchTrack:
                break
            case .clockJump(let at):
                jumpAt = at
            }
        }
    }
}
