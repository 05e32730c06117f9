/// Where a system update (a RAUC bundle) comes from: a web server, streamed by RAUC, or a file
/// on a USB stick or in the board's update folder. Whoever sends `update` is a stranger until
/// proven otherwise: the word is checked here, and again by the root agent that installs it.
public enum UpdateSource: Sendable, Hashable {
    case url(String)
    case file(String)

    public var text: String {
        switch self {
        case .url(let u): u
        case .file(let f): f
        }
    }

    /// Only these may appear: the request is one line of space-separated words for a shell
    /// script, so no spaces, quotes, backslashes, `$` or backticks ever reach it.
    static let allowed: Set<Character> = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!&()*+,;=%")
    public static let maximumLength = 1024
    public static let bundleSuffix = ".raucb"

    /// `folders`: where a bundle file may be (the stick's mount point, the update folder).
    public static func parse(_ word: String, folders: [String]) -> Result<UpdateSource, CommandError> {
        guard !word.isEmpty, word.utf8.count <= maximumLength else {
            return .failure(CommandError("update needs a URL or a file of at most \(maximumLength) bytes"))
        }
        guard word.allSatisfy({ allowed.contains($0) }) else {
            return .failure(CommandError("update: '\(ControlCharacters.escaped(word))' has characters a bundle's URL or file name never needs; rename the file or percent-encode the URL"))
        }
        let lower = word.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let rest = word.drop { $0 != ":" }.dropFirst(3)
            guard let host = rest.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty else {
                return .failure(CommandError("update: '\(word)' names no server"))
            }
            return .success(.url(word))
        }
        if word.contains("://") {
            return .failure(CommandError("update: '\(word)' is neither http:// nor https://; RAUC streams bundles only from web servers"))
        }
        guard word.hasPrefix("/") else {
            return .failure(CommandError("update: '\(word)' is not a full path; give the bundle as /media/usb/NAME\(bundleSuffix) or a URL"))
        }
        let parts = word.split(separator: "/")
        guard !parts.contains(".."), !parts.contains(".") else {
            return .failure(CommandError("update: '\(word)' has . or .. in it; give the bundle's plain path"))
        }
        guard word.hasSuffix(bundleSuffix) else {
            return .failure(CommandError("update: '\(word)' is not a RAUC bundle (its name must end in \(bundleSuffix))"))
        }
        let path = "/" + parts.joined(separator: "/")
        guard folders.contains(where: { RemovableMedia.isInside(path, PathName.normalized($0)) }) else {
            return .failure(CommandError("update: '\(path)' is outside \(folders.joined(separator: ", ")); put the bundle on a USB stick or in one of those folders"))
        }
        return .success(.file(path))
    }
}
