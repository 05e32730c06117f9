/// What a content server says a player should hold (`content-url`): every file with its size
/// and SHA-256, and the playlist made of them.
///
///     {"files": [{"path": "clips/open.mp4", "size": 1048576, "sha256": "9f86d0..."}],
///      "playlist": ["clips/open.mp4"]}
///
/// A manifest is hostile input: its size, each path (relative, no `..`, a safe set of
/// characters), each size and hash are checked, and a playlist may name only listed files.
public struct ContentManifest: Sendable, Hashable {
    public struct File: Sendable, Hashable {
        public let path: String
        public let size: Int64
        /// 64 lowercase hexadecimal digits.
        public let sha256: String
    }

    public let files: [File]
    /// Paths of `files`, in playing order (a file may come more than once).
    public let playlist: [String]

    public static let maxBytes = 1 << 20
    public static let maxFiles = 10_000
    public static let maxPathBytes = 255

    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    public static func parse(_ bytes: [UInt8]) -> Result<ContentManifest, Failure> {
        guard bytes.count <= maxBytes else { return .failure(Failure(reason: "the manifest is over \(maxBytes >> 10) KB")) }
        let json: JSONValue
        switch JSONParser.parse(bytes) {
        case .failure(let f): return .failure(Failure(reason: "the manifest is not JSON: \(f)"))
        case .success(let j): json = j
        }
        guard let list = json["files"]?.array else { return .failure(Failure(reason: "the manifest has no \"files\" list")) }
        guard list.count <= maxFiles else { return .failure(Failure(reason: "the manifest lists over \(maxFiles) files")) }
        var files: [File] = []
        var seen = Set<String>()
        for (n, entry) in list.enumerated() {
            let which = "file \(n + 1)"
            guard let path = entry["path"]?.string else { return .failure(Failure(reason: "\(which) has no \"path\"")) }
            if let why = pathProblem(path) { return .failure(Failure(reason: "\(which): \(why)")) }
            guard seen.insert(path.lowercased()).inserted else { return .failure(Failure(reason: "\(which): \(path) is listed twice")) }
            guard let size = entry["size"]?.integer, size >= 0 else {
                return .failure(Failure(reason: "\(which) (\(path)): \"size\" is not a whole number of bytes"))
            }
            guard let hash = entry["sha256"]?.string?.lowercased(), hash.utf8.count == 64,
                  hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                return .failure(Failure(reason: "\(which) (\(path)): \"sha256\" is not 64 hexadecimal digits"))
            }
            files.append(File(path: path, size: size, sha256: hash))
        }
        guard let order = json["playlist"]?.array else { return .failure(Failure(reason: "the manifest has no \"playlist\" list")) }
        var playlist: [String] = []
        for entry in order {
            guard let path = entry.string, files.contains(where: { $0.path == path }) else {
                return .failure(Failure(reason: "the playlist names \(entry.string.map { ControlCharacters.escaped($0) } ?? "a value that is not a path"), which \"files\" does not list"))
            }
            playlist.append(path)
        }
        guard !playlist.isEmpty else { return .failure(Failure(reason: "the manifest's playlist is empty")) }
        return .success(ContentManifest(files: files, playlist: playlist))
    }

    /// Why a path may not be written under the content folder, or nil: relative, each part
    /// of letters, digits and `._-` (no part that starts with a dot), at most 8 parts.
    static func pathProblem(_ path: String) -> String? {
        let shown = ControlCharacters.escaped(String(path.prefix(80)))
        guard !path.isEmpty, path.utf8.count <= maxPathBytes else { return "the path \(shown) is empty or over \(maxPathBytes) bytes" }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 8 else { return "the path \(shown) is deeper than 8 folders" }
        for part in parts {
            guard !part.isEmpty, !part.hasPrefix("."),
                  part.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D })
            else { return "the path \(shown) is not relative, or has a part that is empty, hidden, or outside [A-Za-z0-9._-]" }
        }
        return nil
    }

    /// Bytes the whole generation takes.
    public var totalBytes: Int64 { files.reduce(0) { $0 + $1.size } }
}
