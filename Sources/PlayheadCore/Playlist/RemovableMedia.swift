/// Where strangers' content lives (USB sticks, SD cards mounted under /media), and what an
/// entry found there may reach: only the stick it is on. Paths given here are real paths
/// (links and `..` resolved by the caller); this type asks no file system.
public struct RemovableMedia: Sendable, Hashable {
    /// Folders under which each first-level folder is one stick's mount point.
    public let roots: [String]
    /// Whether a playlist on a stick may name URLs (a stranger's playlist could otherwise make
    /// the board fetch anything on its network).
    public let allowsURLs: Bool

    public static let defaultRoots = ["/media", "/run/media", "/mnt"]

    public init(roots: [String] = RemovableMedia.defaultRoots, allowsURLs: Bool = false) {
        self.roots = roots.map { PathName.normalized($0) }.filter { $0 != "/" }
        self.allowsURLs = allowsURLs
    }

    /// `/media, /mnt` as folders; empty entries are left out.
    public static func roots(from list: String) -> [String] {
        list.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// The stick `path` lies on (the first folder below a root, or the root itself for a file
    /// directly in it); nil when it is not on removable media. A folder is on the stick it
    /// is, or is in.
    public func stick(of path: String, isFolder: Bool = false) -> String? {
        if isFolder { return stick(of: path + "/-") }
        for root in roots where Self.isInside(path, root) {
            let rest = path.dropFirst(root.count).drop { $0 == "/" }
            guard let first = rest.split(separator: "/").first, rest.contains("/") else { return root }
            return root + "/" + first
        }
        return nil
    }

    /// Whether `path` is `folder` or lies below it (by whole components: `/media/usb2` is not
    /// inside `/media/usb`).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Why an entry of a playlist or folder on `stick` may not play, or nil when it may.
    /// `resolved` is the entry's real path (nil for a URL).
    public func refusal(entry: String, resolved: String?, stick: String) -> String? {
        if M3UPlaylist.isURL(entry) {
            return allowsURLs ? nil : "a URL in a playlist on removable media; skipped (set removable-urls = yes to allow)"
        }
        guard let resolved else { return nil }
        return Self.isInside(resolved, stick) ? nil : "leads outside \(stick) (to \(resolved)); skipped"
    }
}
