import PlayheadCore
import PlayheadSys

/// A scan-out buffer with its framebuffer, and the canvas its pixels are drawn through.
struct ScanoutBuffer: @unchecked Sendable {
    let buffer: DumbBuffer
    let canvas: MappedCanvas
    var framebuffer: UInt32 { buffer.framebuffer }
}
