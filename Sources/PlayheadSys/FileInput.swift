import Glibc

/// Whole reads of small text files (/proc and /sys entries).
public enum FileInput {
    /// The file's text, or nil when it cannot be read.
    public static func readText(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            out += chunk.prefix(n)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether anything is at the path (a file, a folder, a device).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether the path is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
