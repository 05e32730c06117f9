import CFFmpeg
import Glibc
import PlayheadCore
import PlayheadSys

extension FFmpegPicture {
    /// Puts the picture into a YUV scan-out canvas. The same layout as decoded (the direct
    /// path) is a row-by-row copy of each plane; anything else (another YUV layout, a crop or a
    /// size change) goes through libswscale into the canvas' planes. The picture goes in as
    /// stored (`source` in stored coordinates): a plane that shows a turned picture turns it.
    func drawYUV(_ source: PixelRect, into target: MappedCanvas, layout: YUVPlaneLayout, at destination: PixelRect) throws(PlaybackError) {
        guard !source.isEmpty, !destination.isEmpty, destination.x >= 0, destination.y >= 0,
              destination.x + destination.width <= layout.size.width,
              destination.y + destination.height <= layout.size.height else { return }
        if source == PixelRect(size: size), destination == PixelRect(size: size),
           YUVPlaneLayout.direct(forPixelFormat: pixelFormatName) == layout.format {
            copyPlanes(into: target, layout: layout)
            return
        }
        try scalePlanes(source, into: target, layout: layout, at: destination)
    }

    /// The decoder's planes, row by row: no conversion at all.
    private func copyPlanes(into target: MappedCanvas, layout: YUVPlaneLayout) {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let chromaRows = (height + 1) / 2
        // Bytes of picture per row in each decoded plane: a U or V row covers pixel pairs; NV12's
        // interleaved row holds both.
        let rowBytes = layout.format == .nv12 ? [width, 2 * ((width + 1) / 2)] : [width, (width + 1) / 2, (width + 1) / 2]
        withUnsafeBytes(of: frame.pointee.data) { dataBytes in
            let planes = dataBytes.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            withUnsafeBytes(of: frame.pointee.linesize) { lineBytes in
                let strides = lineBytes.bindMemory(to: Int32.self)
                target.withUnsafeMutableBytes { out in
                    guard let outBase = out.baseAddress else { return }
                    for (p, plane) in layout.planes.enumerated() {
                        guard let from = planes[p] else { continue }
                        let rows = p == 0 ? height : chromaRows
                        for y in 0..<rows {
                            memcpy(outBase + plane.offset + y * plane.pitch, from + y * Int(strides[p]), rowBytes[p])
                        }
                    }
                }
            }
        }
    }

    private func scalePlanes(_ source: PixelRect, into target: MappedCanvas, layout: YUVPlaneLayout, at destination: PixelRect) throws(PlaybackError) {
        let dstFormat = layout.format == .nv12 ? AV_PIX_FMT_NV12 : AV_PIX_FMT_YUV420P
        let srcFormat = AVPixelFormat(frame.pointee.format)
        guard let desc = av_pix_fmt_desc_get(srcFormat) else {
            throw PlaybackError(.decodeFailed, "the decoder gave an unknown pixel format")
        }
        var srcData = sourcePlanes(source, descriptor: desc)
        var srcStride = sourceStrides()
        let converted = ScalerCache.shared.withContext(
            from: (Int32(source.width), Int32(source.height), srcFormat),
            to: (Int32(destination.width), Int32(destination.height), dstFormat)
        ) { context in
            target.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var dstData: [UnsafeMutablePointer<UInt8>?] = [nil, nil, nil, nil]
                var dstStride: [Int32] = [0, 0, 0, 0]
                for (p, plane) in layout.planes.enumerated() {
                    // 4:2:0 chroma: half the rows; half the columns, of one byte (U, V) or two (NV12's UV).
                    let x = p == 0 ? destination.x : (layout.format == .nv12 ? destination.x & ~1 : destination.x / 2)
                    let y = p == 0 ? destination.y : destination.y / 2
                    dstData[p] = base + plane.offset + y * plane.pitch + x
                    dstStride[p] = Int32(plane.pitch)
                }
                _ = sws_scale(context, &srcData, &srcStride, 0, Int32(source.height), &dstData, &dstStride)
            }
        }
        guard converted else {
            throw PlaybackError(.unsupportedCodec, "libswscale cannot convert \(pixelFormatName) to \(target.format)")
        }
    }
}
