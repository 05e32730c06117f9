import PlayheadCore
import PlayheadSys

extension FFmpegSource {
    /// The subtitle files in a local item's folder named after it (`SubtitleFilesBeside`); none
    /// for a stream or a folder that cannot be read.
    static func subtitleFiles(beside location: MediaLocation) -> [MediaSelectionOption] {
        guard location.isLocal else { return [] }
        let path = location.string
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let names = DirectoryListing.names(folder.isEmpty ? "/" : folder) else { return [] }
        return SubtitleFilesBeside.options(mediaName: name, folder: folder, names: names)
    }

    /// The captions of a local item's H.264 video (`CaptionFile`), offered when its first
    /// pictures carry some; none for a stream (it would be read twice). Looked for once per
    /// version of a file (`CaptionProbeMemo`), and only in H.264.
    static func captions(of location: MediaLocation, info: MediaInfo, memo: CaptionProbeMemo = .shared) -> [MediaSelectionOption] {
        guard location.isLocal, info.tracks.contains(where: { $0.mediaType == .video && $0.codec == "h264" }),
              let kinds = memo.captions(in: location.string, look: { CaptionFile.captionKinds(in: $0) }) else { return [] }
        return kinds.options
    }
}
