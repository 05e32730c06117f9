/// A folder as a playlist (a USB stick): its media files in natural order, without what
/// computers leave on sticks (hidden files, a Mac's `._` files, Windows' system folders) and
/// without files still being copied (see `CopySettle`).
public enum DirectoryPlaylist {
    public struct Item: Sendable, Hashable {
        public let name: String
        public let size: Int64
        public let isRegularFile: Bool
        public init(name: String, size: Int64, isRegularFile: Bool) {
            self.name = name
            self.size = size
            self.isRegularFile = isRegularFile
        }
    }

    public static let mediaExtensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "m2ts", "mts", "mpg", "mpeg", "vob", "wmv", "flv", "3gp",
        "mp3", "m4a", "aac", "flac", "wav", "ogg", "oga", "opus", "wma", "mka",
        // Still pictures, shown for `image-duration` (see StillPicture).
        "jpg", "jpeg", "png", "webp", "bmp",
    ]

    static let systemNames: Set<String> = ["system volume information", "$recycle.bin", "thumbs.db", "desktop.ini"]

    /// The names to play, in order.
    public static func playable(_ items: [Item]) -> [String] {
        items.filter { item in
            item.isRegularFile && !item.name.hasPrefix(".") && !systemNames.contains(item.name.lowercased())
                && mediaExtensions.contains(PathName.fileExtension(item.name))
        }
        .map(\.name)
        .sorted(by: NaturalOrder.less)
    }
}
