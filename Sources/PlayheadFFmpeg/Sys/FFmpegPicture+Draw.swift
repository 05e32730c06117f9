import CFFmpeg
import PlayheadCore
import PlayheadSys

extension FFmpegPicture {
    func draw(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        // A YUV canvas is a plane's own buffer: the picture goes in as stored, and the plane turns it.
        let isYUV = (canvas as? MappedCanvas)?.yuvLayout != nil
        if rotation == .none || isYUV { return try drawAsStored(source, into: canvas, at: destination) }
        guard let target = canvas as? MappedCanvas else {
            throw PlaybackError(.internalError, "cannot draw a turned picture into a \(canvas.format) \(type(of: canvas))")
        }
        guard !destination.isEmpty, destination.x >= 0, destination.y >= 0,
              destination.x + destination.width <= canvas.size.width,
              destination.y + destination.height <= canvas.size.height else { return }
        // Scaled and converted the way it is stored, then turned while copied: libswscale
        // cannot turn, and one copy of the (already scaled) result is cheap beside scaling.
        let bytesPerPixel = canvas.format == .rgb565 ? 2 : 4
        let turned = rotation.inverse.upright(destination.size)
        let scratch = MappedCanvas(format: canvas.format, size: turned, bytesPerPixel: bytesPerPixel)
        try drawAsStored(rotation.storedRect(for: source, stored: size), into: scratch, at: PixelRect(size: turned))
        target.copy(scratch, turnedBy: rotation, into: destination, bytesPerPixel: bytesPerPixel)
    }

    /// Draws the picture as stored (`source` in stored coordinates).
    func drawAsStored(_ source: PixelRect, into canvas: any PictureCanvas, at destination: PixelRect) throws(PlaybackError) {
        guard let target = canvas as? MappedCanvas else {
            throw PlaybackError(.internalError, "cannot draw into a \(type(of: canvas)); only mapped canvases are supported")
        }
        if let layout = target.yuvLayout { return try drawYUV(source, into: target, layout: layout, at: destination) }
        guard let dstFormat = Self.pixelFormat(for: canvas.format) else {
            throw PlaybackError(.unsupportedCodec, "no converter to the display format \(canvas.format)")
        }
        guard !source.isEmpty, !destination.isEmpty,
              destination.x >= 0, destination.y >= 0,
              destination.x + destination.width <= canvas.size.width,
              destination.y + destination.height <= canvas.size.height else { return }
        let srcFormat = AVPixelFormat(frame.pointee.format)
        guard let desc = av_pix_fmt_desc_get(srcFormat) else {
            throw PlaybackError(.decodeFailed, "the decoder gave an unknown pixel format")
        }
        var srcData = sourcePlanes(source, descriptor: desc)
        var srcStride = sourceStrides()
        let bytesPerPixel = canvas.format == .rgb565 ? 2 : 4
        // A picture with alpha (a PNG overlay) on a plane with alpha: planes blend premultiplied
        // pixels (DRM's default blend mode), and libswscale leaves them straight.
        let keepsAlpha = desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 && (canvas.format == .argb8888 || canvas.format == .abgr8888)
        let converted = ScalerCache.shared.withContext(
            from: (Int32(source.width), Int32(source.height), srcFormat),
            to: (Int32(destination.width), Int32(destination.height), dstFormat)
        ) { context in
            target.withUnsafeMutableBytes { bytes in
                var dstData: [UnsafeMutablePointer<UInt8>?] = [
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + destination.y * canvas.stride + destination.x * bytesPerPixel,
                    nil, nil, nil,
                ]
                var dstStride: [Int32] = [Int32(canvas.stride), 0, 0, 0]
                let spill = DrawSpill(keeping: bytes, rightOf: destination, width: canvas.size.width, stride: canvas.stride,
                                      bytesPerPixel: bytesPerPixel)
                _ = sws_scale(context, &srcData, &srcStride, 0, Int32(source.height), &dstData, &dstStride)
                spill.restore(bytes)
                if keepsAlpha { Self.premultiply(bytes, rect: destination, stride: canvas.stride) }
            }
        }
        guard converted else {
            throw PlaybackError(.unsupportedCodec, "libswscale cannot convert \(pixelFormatName) to \(canvas.format)")
        }
    }

    /// The source rectangle's start in each plane: moved by the crop, chroma planes by the
    /// subsampled amount.
    func sourcePlanes(_ source: PixelRect, descriptor desc: UnsafePointer<AVPixFmtDescriptor>) -> [UnsafePointer<UInt8>?] {
        let isYUV = desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && desc.pointee.nb_components >= 3
        var srcData: [UnsafePointer<UInt8>?] = Array(repeating: nil, count: 4)
        withUnsafeBytes(of: frame.pointee.data) { dataBytes in
            let planes = dataBytes.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            withUnsafeBytes(of: frame.pointee.linesize) { lineBytes in
                let strides = lineBytes.bindMemory(to: Int32.self)
                withUnsafeBytes(of: desc.pointee.comp) { compBytes in
                    let comps = compBytes.bindMemory(to: AVComponentDescriptor.self)
                    for p in 0..<4 {
                        guard let base = planes[p] else { continue }
                        let chroma = isYUV && (p == 1 || p == 2)
                        let x = chroma ? source.x >> Int(desc.pointee.log2_chroma_w) : source.x
                        let y = chroma ? source.y >> Int(desc.pointee.log2_chroma_h) : source.y
                        let step = (0..<Int(desc.pointee.nb_components)).first { Int(comps[$0].plane) == p }.map { Int(comps[$0].step) } ?? 1
                        srcData[p] = UnsafePointer(base + y * Int(strides[p]) + x * step)
                    }
                }
            }
        }
        return srcData
    }

    func sourceStrides() -> [Int32] {
        withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self).prefix(4)) }
    }

    static func pixelFormat(for format: FourCC) -> AVPixelFormat? {
        switch format {
        case .xrgb8888: return AV_PIX_FMT_BGR0  // XRGB in a little-endian word: B, G, R, X in memory
        case .argb8888: return AV_PIX_FMT_BGRA
        case .xbgr8888: return AV_PIX_FMT_RGB0
        case .abgr8888: return AV_PIX_FMT_RGBA
        case .rgb565: return AV_PIX_FMT_RGB565LE
        default: return nil
        }
    }

    /// Colour times alpha, in place, for 32-bit pixels whose alpha is their fourth byte (AR24 and
    /// AB24 in memory).
    static func premultiply(_ bytes: UnsafeMutableRawBufferPointer, rect: PixelRect, stride: Int) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        for y in rect.y..<(rect.y + rect.height) {
            var p = base + y * stride + rect.x * 4
            for _ in 0..<rect.width {
                let a = UInt16(p[3])
                if a != 255 {
                    p[0] = UInt8((UInt16(p[0]) * a + 127) / 255)
                    p[1] = UInt8((UInt16(p[1]) * a + 127) / 255)
                    p[2] = UInt8((UInt16(p[2]) * a + 127) / 255)
                }
                p += 4
            }
        }
    }
}
