import PlayheadCore
#if canImport(Glibc)
import Glibc
#endif

/// What a folder holds, with sizes: nil when it cannot be read (missing, unmounted, denied).
public enum DirectoryListing {
    public static func read(_ path: String) -> [DirectoryPlaylist.Item]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var items: [DirectoryPlaylist.Item] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard stat(path + "/" + name, &info) == 0 else { continue }
            items.append(DirectoryPlaylist.Item(name: name, size: Int64(info.st_size),
                                                isRegularFile: info.st_mode & S_IFMT == S_IFREG))
        }
        return items
    }

    /// Every name in a folder, without looking at what each is.
    public static func names(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
