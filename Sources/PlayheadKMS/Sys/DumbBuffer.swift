import PlayheadCore
import PlayheadSys

/// A CPU-written scan-out buffer and its framebuffer object. The mapping lives in `canvas`;
/// the kernel handle and framebuffer go with `release`.
final class DumbBuffer: @unchecked Sendable {
    let handle: UInt32
    let pitch: Int
    let width: Int
    let height: Int
    let memory: MappedMemory
    var framebuffer: UInt32 = 0
    private weak var card: DRMCard?

    init(card: DRMCard, handle: UInt32, pitch: Int, width: Int, height: Int, memory: MappedMemory) {
        self.card = card
        self.handle = handle
        self.pitch = pitch
        self.width = width
        self.height = height
        self.memory = memory
    }

    func canvas(format: FourCC) -> MappedCanvas { memory.canvas(format: format, size: PixelSize(width: width, height: height), stride: pitch) }

    /// The buffer seen as the planes of a YUV picture.
    func canvas(yuv layout: YUVPlaneLayout) -> MappedCanvas {
        memory.canvas(format: layout.format, size: layout.size, stride: pitch, yuvLayout: layout)
    }

    func release() {
        if framebuffer != 0 { card?.removeFramebuffer(framebuffer) }
        framebuffer = 0
        card?.destroyDumb(handle: handle)
    }
}

/// An mmap'ed region, handed over to a canvas exactly once.
final class MappedMemory: @unchecked Sendable {
    private var base: UnsafeMutableRawPointer?
    let count: Int
    private var made: MappedCanvas?

    init(base: UnsafeMutableRawPointer, count: Int) {
        self.base = base
        self.count = count
    }

    func canvas(format: FourCC, size: PixelSize, stride: Int, yuvLayout: YUVPlaneLayout? = nil) -> MappedCanvas {
        if let made { return made }
        let c = MappedCanvas(mapping: base!, count: count, format: format, size: size, stride: stride, yuvLayout: yuvLayout)
        made = c
        base = nil
        return c
    }
}
