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
    /// pictures carry some; none for a stream (it would be read twice).
    static func captions(of location: MediaLocation) -> [MediaSelectionOption] {
        guard location.isLocal, let video = CaptionFile.videoStreamWithCaptions(in: location.string) else { return [] }
        return [CaptionData.option(videoStream: video)]
    }
}
