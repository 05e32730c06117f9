import Foundation
import Testing
import Playhead
import PlayheadFFmpeg
import PlayheadSys
import PlayheadTestSupport
import Synchronization

/// Decoded pictures drawn into display buffers: converted like ffmpeg converts them, placed
/// where the layout says, and nothing drawn outside.
@Suite(.timeLimit(.minutes(1))) struct PictureDrawingTests {
    static let media = FFmpegPlaybackTests.media

    /// The clip's first picture, waited for through the source's wake (SourceWake).
    func firstPicture(_ name: String) async throws -> any VideoPicture {
        let source = try FFmpegBackend().open(MediaLocation("\(Self.media)/\(name)"), options: SourceOptions())
        defer { source.close() }
        let wake = SourceWake()
        source.start(wake: wake.call)
        switch await wake.next({ source.pullVideo() }) {
        case .element(let frame): return frame.picture
        case .pending: throw PlaybackError(.timedOut, "no picture within \(Occurrences.bound)")
        case .endOfStream: throw PlaybackError(.readFailed, "no picture")
        case .failed(let e): throw e
        }
    }

    @Test func sameSizeConversionMatchesFFmpeg() async throws {
        let picture = try await firstPicture("h264_aac.mp4")
        let canvas = MappedCanvas(format: .xrgb8888, size: picture.size, bytesPerPixel: 4)
        try picture.draw(PixelRect(size: picture.size), into: canvas, at: PixelRect(size: picture.size))
        let psnr = try Self.psnr(of: canvas, against: "h264_first_frame.bgr0")
        #expect(psnr >= 35, "PSNR \(psnr) dB")
    }

    /// A clip stored sideways with a display matrix stands upright on screen, as ffmpeg shows it.
    @Test func rotatedClipIsDrawnUprightLikeFFmpegShowsIt() async throws {
        let picture = try await firstPicture("rotated90.mp4")
        #expect(picture.size == PixelSize(width: 320, height: 240))
        #expect(picture.uprightSize == PixelSize(width: 240, height: 320))
        let info = try FFmpegBackend().open(MediaLocation("\(Self.media)/rotated90.mp4"), options: SourceOptions())
        #expect(info.info.presentationSize == PixelSize(width: 240, height: 320))
        info.close()
        let canvas = MappedCanvas(format: .xrgb8888, size: picture.uprightSize, bytesPerPixel: 4)
        try picture.draw(PixelRect(size: picture.uprightSize), into: canvas, at: PixelRect(size: picture.uprightSize))
        let psnr = try Self.psnr(of: canvas, against: "rotated90_first_frame.bgr0")
        #expect(psnr >= 35, "PSNR \(psnr) dB against ffmpeg's upright picture")
    }

    /// An anamorphic clip (720x576 of 64:45 pixels) is shown 16:9, as ffmpeg shows it: its
    /// presentation size and its picture's shape say 1024x576, and drawn there it matches.
    @Test func anAnamorphicClipIsShownInItsShape() async throws {
        let picture = try await firstPicture("anamorphic_576p.mp4")
        #expect(picture.size == PixelSize(width: 720, height: 576) && picture.pixelAspect == PixelAspect(width: 64, height: 45))
        let shown = PixelSize(width: 1024, height: 576)
        #expect(picture.uprightDisplaySize == shown)
        let info = try FFmpegBackend().open(MediaLocation("\(Self.media)/anamorphic_576p.mp4"), options: SourceOptions())
        #expect(info.info.presentationSize == shown)
        info.close()
        let canvas = MappedCanvas(format: .xrgb8888, size: shown, bytesPerPixel: 4)
        try picture.draw(PixelRect(size: picture.uprightSize), into: canvas, at: PixelRect(size: shown))
        let psnr = try Self.psnr(of: canvas, against: "anamorphic_first_frame_1024.bgr0")
        #expect(psnr >= 30, "PSNR \(psnr) dB against ffmpeg's 1024x576 picture")
    }

    /// For a plane that turns it, the same clip is drawn as stored: rotated90.mp4 is
    /// h264_aac.mp4 with a display matrix added, so its stored picture is that clip's.
    @Test func aRotatedClipDrawnAsStoredIsNotTurned() async throws {
        let picture = try await firstPicture("rotated90.mp4")
        let canvas = MappedCanvas(format: .xrgb8888, size: picture.size, bytesPerPixel: 4)
        try picture.drawAsStored(PixelRect(size: picture.size), into: canvas, at: PixelRect(size: picture.size))
        let psnr = try Self.psnr(of: canvas, against: "h264_first_frame.bgr0")
        #expect(psnr >= 35, "PSNR \(psnr) dB against ffmpeg's stored picture")
    }

    /// The canvas against a BGR0 reference frame of the same size in the test media.
    static func psnr(of canvas: MappedCanvas, against file: String) throws -> Double {
        let reference = try Data(contentsOf: URL(fileURLWithPath: "\(media)/\(file)"))
        #expect(reference.count == canvas.count)
        return psnr(canvas.withUnsafeMutableBytes { Array($0) }, Array(reference))
    }

    static func psnr(_ ours: [UInt8], _ reference: [UInt8]) -> Double {
        var squared = 0.0, samples = 0
        for (i, (a, b)) in zip(ours, reference).enumerated() where i % 4 != 3 {
            let d = Double(Int(a) - Int(b))
            squared += d * d
            samples += 1
        }
        return squared == 0 ? 99 : 10 * log10(255 * 255 / (squared / Double(samples)))
    }

    /// Two threads drawing at once, each at its own size, each get the picture a lone drawer
    /// gets: the shared scaler is not changed or freed under a conversion in progress.
    @Test func concurrentDrawersOfDifferentSizesEachGetTheirOwnPicture() async throws {
        let picture = try await firstPicture("h264_aac.mp4")
        let sizes = [PixelSize(width: 320, height: 240), PixelSize(width: 200, height: 150)]
        @Sendable func drawn(_ size: PixelSize) throws -> [UInt8] {
            let canvas = MappedCanvas(format: .xrgb8888, size: size, bytesPerPixel: 4)
            try picture.draw(PixelRect(size: picture.size), into: canvas, at: PixelRect(size: size))
            return canvas.withUnsafeMutableBytes { Array($0) }
        }
        let references = try sizes.map(drawn)
        let mismatches = Atomic<Int>(0), failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: sizes.count) { i in
            for _ in 0..<300 {
                do {
                    if try drawn(sizes[i]) != references[i] { mismatches.add(1, ordering: .relaxed) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    @Test func letterboxedDrawingLeavesTheBarsBlack() async throws {
        let picture = try await firstPicture("h264_aac.mp4")  // 320x240 on 1024x576: pillarbox
        let screen = PixelSize(width: 1024, height: 576)
        let layout = PictureLayout.place(picture.size, on: screen, gravity: .resizeAspect)
        #expect(layout.destination == PixelRect(x: 128, y: 0, width: 768, height: 576))
        let canvas = MappedCanvas(format: .xrgb8888, size: screen, bytesPerPixel: 4)
        try picture.draw(layout.source, into: canvas, at: layout.destination)
        for y in stride(from: 0, to: 576, by: 7) {
            for x in [0, 64, 127, 896, 950, 1023] { #expect(canvas.pixel32(x: x, y: y) & 0xFF_FFFF == 0, "(\(x),\(y))") }
        }
        // testsrc2 is bright in its middle: the picture did land inside its rectangle.
        var lit = 0
        for y in stride(from: 0, to: 576, by: 16) {
            for x in stride(from: 128, to: 896, by: 16) where canvas.pixel32(x: x, y: y) & 0xFF_FFFF != 0 { lit += 1 }
        }
        #expect(lit > 1000)
    }

    /// A picture's part drawn at its own size into a narrower place than the buffer (a video
    /// wall's screen with a bezel bar on its right): the pixels right of it keep what they had.
    /// libswscale's x86 YUV to RGB converters write whole groups of 8 pixels.
    @Test func anUnscaledDrawingOfAnOddWidthStaysInsideItsPlace() async throws {
        let picture = try await firstPicture("h264_aac.mp4")  // 320x240
        let canvas = MappedCanvas(format: .xrgb8888, size: PixelSize(width: 400, height: 240), bytesPerPixel: 4)
        canvas.withUnsafeMutableBytes { bytes in
            for i in 0..<bytes.count { bytes[i] = 0xAB }
        }
        for width in [314, 317, 318, 320] {
            try picture.draw(PixelRect(x: 320 - width, y: 0, width: width, height: 240), into: canvas,
                             at: PixelRect(x: 10, y: 0, width: width, height: 240))
            var touched = 0
            for y in 0..<240 {
                for x in (10 + width)..<400 where canvas.pixel32(x: x, y: y) != 0xABAB_ABAB { touched += 1 }
            }
            #expect(touched == 0, "\(width) columns drawn at x 10 changed \(touched) pixels right of them")
        }
    }

    /// The planes of a YUV canvas, hashed the way `VideoPicture.digest` hashes the decoder's.
    static func planeDigest(_ canvas: MappedCanvas, pictureRows: Int, lumaBytes: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let layout = canvas.yuvLayout!
        canvas.withUnsafeMutableBytes { bytes in
            for (p, plane) in layout.planes.enumerated() {
                let rows = p == 0 ? pictureRows : (pictureRows + 1) / 2
                let width = p == 0 ? lumaBytes : (lumaBytes + 1) / 2
                for y in 0..<rows {
                    for x in 0..<width { hash = (hash ^ UInt64(bytes[plane.offset + y * plane.pitch + x])) &* 0x100_0000_01b3 }
                }
            }
        }
        return hash
    }

    /// Direct scan-out: the decoder's planes land in the plane's buffer byte for byte, with
    /// the buffer's own (wider) pitch.
    @Test func aYUV420PictureIsCopiedIntoAScanOutBufferExactly() async throws {
        let picture = try await firstPicture("h264_aac.mp4")
        #expect(picture.pixelFormatName == "yuv420p")
        let layout = try #require(YUVPlaneLayout(format: .yuv420, picture: picture.size, pitch: 384))
        let canvas = MappedCanvas(yuv: layout)
        try picture.draw(PixelRect(size: picture.size), into: canvas, at: PixelRect(size: picture.size))
        #expect(Self.planeDigest(canvas, pictureRows: 240, lumaBytes: 320) == picture.digest())
    }

    /// A plane that takes NV12 only: the same luma, the chroma interleaved U, V.
    @Test func aYUV420PictureGoesIntoAnNV12BufferAsTheSameSamples() async throws {
        let picture = try await firstPicture("h264_aac.mp4")
        let direct = MappedCanvas(yuv: try #require(YUVPlaneLayout(format: .yuv420, picture: picture.size, pitch: 320)))
        let nv12 = MappedCanvas(yuv: try #require(YUVPlaneLayout(format: .nv12, picture: picture.size, pitch: 320)))
        let whole = PixelRect(size: picture.size)
        try picture.draw(whole, into: direct, at: whole)
        try picture.draw(whole, into: nv12, at: whole)
        let a = direct.withUnsafeMutableBytes { Array($0) }, b = nv12.withUnsafeMutableBytes { Array($0) }
        let luma = 320 * 240, quarter = 160 * 120
        #expect(a[0..<luma].elementsEqual(b[0..<luma]), "the luma differs")
        var mismatches = 0
        for i in 0..<quarter where b[luma + 2 * i] != a[luma + i] || b[luma + 2 * i + 1] != a[luma + quarter + i] { mismatches += 1 }
        #expect(mismatches == 0)
    }
}

