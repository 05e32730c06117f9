import CLibass
import PlayheadCore
import Synchronization

/// One subtitle track laid out and drawn by libass, for a screen of one size: the track's
/// header (styles, the script's own resolution) and its cues go in; at a time, the coverage
/// bitmaps that make up what shows come out. Every libass call is here.
///
/// Fonts: the one font file given and the fonts a file embeds; no fontconfig (a scan of the
/// system's fonts at every start would cost an appliance seconds, and its root has one font).
final class ASSRenderer: @unchecked Sendable {
    private let library: OpaquePointer
    private let renderer: OpaquePointer
    private let track: UnsafeMutablePointer<ASS_Track>
    /// libass's objects are not to be used from two threads at once.
    private let lock = Mutex(())
    let size: PixelSize

    /// `safeMargin`: the part of each edge kept clear (a TV's overscan, a bezel): the events are
    /// laid out in the rest, as libass does a video inside black bars.
    init(size: PixelSize, safeMargin: PixelSize, fontPath: String, header: String) throws(PlaybackError) {
        guard size.width > 0, size.height > 0, size.width <= 8192, size.height <= 8192 else {
            throw PlaybackError(.internalError, "subtitles: a screen of \(size.width)x\(size.height) cannot be drawn on")
        }
        guard let lib = ass_library_init() else { throw PlaybackError(.internalError, "subtitles: libass cannot start") }
        guard let r = ass_renderer_init(lib) else {
            ass_library_done(lib)
            throw PlaybackError(.internalError, "subtitles: libass cannot make a renderer")
        }
        guard let t = ass_new_track(lib) else {
            ass_renderer_done(r)
            ass_library_done(lib)
            throw PlaybackError(.internalError, "subtitles: libass cannot make a track")
        }
        // Quiet: libass says what it cannot do on stderr, which is the serial console.
        playhead_ass_quiet(lib)
        ass_set_extract_fonts(lib, 1)
        ass_set_frame_size(r, Int32(size.width), Int32(size.height))
        ass_set_storage_size(r, Int32(size.width), Int32(size.height))
        ass_set_margins(r, Int32(safeMargin.height), Int32(safeMargin.height), Int32(safeMargin.width), Int32(safeMargin.width))
        ass_set_use_margins(r, 0)
        ass_set_fonts(r, fontPath, "sans-serif", Int32(ASS_FONTPROVIDER_NONE.rawValue), nil, 0)
        var bytes = Array(header.utf8).map { CChar(bitPattern: $0) }
        if !bytes.isEmpty { ass_process_codec_private(t, &bytes, Int32(bytes.count)) }
        library = lib
        renderer = r
        track = t
        self.size = size
    }

    deinit {
        ass_free_track(track)
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    /// A cue as the stream's decoder gave it; the same cue twice is kept once (libass checks
    /// the read order).
    func add(_ cue: SubtitleCue) {
        lock.withLock { _ in
            var bytes = Array(cue.dialogue.utf8).map { CChar(bitPattern: $0) }
            guard !bytes.isEmpty else { return }
            ass_process_chunk(track, &bytes, Int32(bytes.count), cue.startMilliseconds, cue.durationMilliseconds)
        }
    }

    /// Every cue gone (a seek in a stream whose cues come with the packets).
    func clear() {
        lock.withLock { _ in ass_flush_events(track) }
    }

    /// What shows at `milliseconds`, and whether it differs from the last call's.
    func render(at milliseconds: Int64) -> (changed: Bool, bitmaps: [SubtitleBitmap]) {
        lock.withLock { _ in
            var change: Int32 = 0
            var image = ass_render_frame(renderer, track, milliseconds, &change)
            var bitmaps: [SubtitleBitmap] = []
            while let i = image?.pointee {
                image = i.next
                guard i.w > 0, i.h > 0, i.stride >= i.w, let source = i.bitmap else { continue }
                var coverage = [UInt8](repeating: 0, count: Int(i.w) * Int(i.h))
                for row in 0..<Int(i.h) {
                    for column in 0..<Int(i.w) {
                        coverage[row * Int(i.w) + column] = source[row * Int(i.stride) + column]
                    }
                }
                bitmaps.append(SubtitleBitmap(x: Int(i.dst_x), y: Int(i.dst_y), width: Int(i.w), height: Int(i.h),
                                              coverage: coverage, rgba: i.color))
            }
            return (change != 0, bitmaps)
        }
    }
}
