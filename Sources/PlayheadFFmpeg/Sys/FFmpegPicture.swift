import CFFmpeg
import PlayheadCore

/// A decoded picture; owns a reference to the decoder's AVFrame, so no pixels are copied on the
/// way to the sink.
final class FFmpegPicture: VideoPicture, @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>
    let rotation: PictureRotation

    /// Takes over the references held by `source` (which is left empty).
    init?(takingFrom source: UnsafeMutablePointer<AVFrame>, rotation: PictureRotation = .none) {
        guard let f = av_frame_alloc() else { return nil }
        av_frame_move_ref(f, source)
        frame = f
        self.rotation = rotation
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    var size: PixelSize { PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height)) }

    /// The decoder's sample aspect ratio (the stream's, when the container overrides it, is set
    /// on each frame by the source).
    var pixelAspect: PixelAspect {
        PixelAspect(width: Int(frame.pointee.sample_aspect_ratio.num), height: Int(frame.pointee.sample_aspect_ratio.den))
    }

    var pixelFormatName: String {
        av_get_pix_fmt_name(AVPixelFormat(frame.pointee.format)).map { String(cString: $0) } ?? "unknown"
    }

    var colorimetry: YUVColorimetry {
        let space = av_color_space_name(frame.pointee.colorspace).map { String(cString: $0) } ?? "unknown"
        let range = av_color_range_name(frame.pointee.color_range).map { String(cString: $0) } ?? "unknown"
        return .from(colorSpace: space, range: range, pixelFormat: pixelFormatName, height: Int(frame.pointee.height))
    }

    func digest() -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let format = AVPixelFormat(frame.pointee.format)
        guard let desc = av_pix_fmt_desc_get(format) else { return hash }
        // In Int: a height near Int32.max rounded up would overflow Int32.
        let width = frame.pointee.width, height = Int(frame.pointee.height)
        withUnsafeBytes(of: frame.pointee.data) { dataBytes in
            let planes = dataBytes.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            withUnsafeBytes(of: frame.pointee.linesize) { lineBytes in
                let strides = lineBytes.bindMemory(to: Int32.self)
                for plane in 0..<4 {
                    guard let base = planes[plane] else { continue }
                    let rowBytes = Int(av_image_get_linesize(format, width, Int32(plane)))
                    guard rowBytes > 0 else { continue }
                    let isChroma = plane == 1 || plane == 2
                    let shift = isChroma ? Int(desc.pointee.log2_chroma_h) : 0
                    let rows = (height + (1 << shift) - 1) >> shift
                    for y in 0..<rows {
                        let row = base + y * Int(strides[plane])
                        for x in 0..<rowBytes {
                            hash = (hash ^ UInt64(row[x])) &* 0x100_0000_01b3
                        }
                    }
                }
            }
        }
        return hash
    }
}
