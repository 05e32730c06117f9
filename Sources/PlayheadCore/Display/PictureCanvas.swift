/// A CPU-visible buffer a picture can be drawn into: a mapped display buffer, or memory in
/// tests. Backends reach its bytes through the concrete type that owns the mapping (PlayheadSys'
/// `MappedCanvas`), so no raw pointer crosses a module boundary.
public protocol PictureCanvas: AnyObject, Sendable {
    var format: FourCC { get }
    var size: PixelSize { get }
    /// Bytes from one row to the next.
    var stride: Int { get }
}
