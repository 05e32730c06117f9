import PlayheadCore

/// What lies just right of a rectangle libswscale draws into, kept to be put back after it:
/// its x86 YUV to RGB converters (an unscaled conversion) write whole groups of 8 pixels, up to
/// 7 past a width that is not a multiple of 8, onto what is beside it (a video wall screen's
/// bezel bar, a layer).
struct DrawSpill {
    private let offsets: [Int]
    private let length: Int
    private let saved: [UInt8]

    /// Keeps up to 7 pixels right of `rect` on each of its rows, in a canvas `width` pixels wide.
    init(keeping bytes: UnsafeMutableRawBufferPointer, rightOf rect: PixelRect, width: Int, stride: Int, bytesPerPixel: Int) {
        let columns = min(7, width - rect.x - rect.width)
        guard rect.width % 8 != 0, columns > 0 else {
            (offsets, length, saved) = ([], 0, [])
            return
        }
        length = columns * bytesPerPixel
        offsets = (rect.y..<(rect.y + rect.height)).map { $0 * stride + (rect.x + rect.width) * bytesPerPixel }
        var kept: [UInt8] = []
        kept.reserveCapacity(offsets.count * length)
        for o in offsets { kept.append(contentsOf: bytes[o..<(o + length)]) }
        saved = kept
    }

    func restore(_ bytes: UnsafeMutableRawBufferPointer) {
        guard length > 0, let base = bytes.baseAddress else { return }
        saved.withUnsafeBytes { kept in
            for (i, o) in offsets.enumerated() {
                base.advanced(by: o).copyMemory(from: kept.baseAddress!.advanced(by: i * length), byteCount: length)
            }
        }
    }
}
