import Glibc
import PlayheadCore

extension MappedCanvas {
    /// Draws the whole of `layer` (a 4-byte canvas of the same byte order) with its top-left
    /// corner at (`x`, `y`), clipped to this canvas. `blend`: the layer's fourth byte is its
    /// alpha and its colours are premultiplied by it (as a plane's default blend takes them), so
    /// each colour becomes its own plus what was under it times one less alpha; else the layer
    /// is opaque and copied.
    public func compose(_ layer: MappedCanvas, x: Int, y: Int, blend: Bool) {
        let left = max(0, x), top = max(0, y)
        let right = min(size.width, x + layer.size.width), bottom = min(size.height, y + layer.size.height)
        guard left < right, top < bottom else { return }
        let width = right - left, from = left - x
        let dstStride = stride, srcStride = layer.stride
        withUnsafeMutableBytes { dst in
            layer.withUnsafeMutableBytes { src in
                guard let d0 = dst.baseAddress, let s0 = src.baseAddress else { return }
                for row in top..<bottom {
                    let d = (d0 + row * dstStride + left * 4).assumingMemoryBound(to: UInt8.self)
                    let s = (s0 + (row - y) * srcStride + from * 4).assumingMemoryBound(to: UInt8.self)
                    if !blend {
                        memcpy(d, s, width * 4)
                        continue
                    }
                    for p in Swift.stride(from: 0, to: width * 4, by: 4) {
                        let alpha = UInt32(s[p + 3])
                        if alpha == 0 { continue }
                        if alpha == 255 {
                            d[p] = s[p]; d[p + 1] = s[p + 1]; d[p + 2] = s[p + 2]; d[p + 3] = 255
                            continue
                        }
                        let keep = 255 - alpha
                        for c in 0..<3 { d[p + c] = UInt8(min(255, UInt32(s[p + c]) + Self.over255(UInt32(d[p + c]) * keep))) }
                        d[p + 3] = UInt8(min(255, alpha + Self.over255(UInt32(d[p + 3]) * keep)))
                    }
                }
            }
        }
    }

    /// `value` / 255, rounded to the nearest (exact for every product of two bytes).
    static func over255(_ value: UInt32) -> UInt32 {
        let t = value + 128
        return (t + (t >> 8)) >> 8
    }
}
