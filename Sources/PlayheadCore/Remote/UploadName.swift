/// A file name a client asks an upload to have, accepted only when it names a plain media file
/// inside the media folder: one path component, no hidden or temporary name, no control
/// characters, a media extension. Whatever else it is, it is refused with the reason.
public enum UploadName {
    public static let extensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "ts", "mpg", "mpeg", "avi", "mp3", "m4a", "aac", "flac", "wav", "ogg",
        "opus", "jpg", "jpeg", "png", "webp", "m3u", "m3u8",
    ]
    /// Characters, so that the name with the upload's temporary prefix fits a file name's 255
    /// bytes whatever the script (at most 4 bytes a character).
    public static let maxCharacters = 60

    public static func check(_ name: String) -> Result<String, CommandError> {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty else { return .failure(CommandError("the upload has no file name; name it in the path, /api/media/NAME")) }
        let characters = name.unicodeScalars.count
        guard characters <= maxCharacters else {
            return .failure(CommandError("the file name is \(characters) characters, more than \(maxCharacters); use a shorter name"))
        }
        guard !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else {
            return .failure(CommandError("the file name \(quoted(name)) has a path in it; give a plain name, it goes into the media folder"))
        }
        guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            return .failure(CommandError("the file name \(quoted(name)) has control characters; give a plain name"))
        }
        guard bytes.first != UInt8(ascii: "."), bytes.first != UInt8(ascii: "-") else {
            return .failure(CommandError("the file name \(quoted(name)) starts with \(Character(UnicodeScalar(bytes[0]))); hidden and option-like names are refused"))
        }
        guard let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased()) else {
            return .failure(CommandError("the file name \(quoted(name)) is not a media file's; end it in one of \(extensions.sorted().joined(separator: " "))"))
        }
        return .success(name)
    }

    /// The same rule as a regular expression (ECMAScript, as OpenAPI's `pattern`), for clients
    /// to check a name before they send a file.
    public static var pattern: String {
        let ext = extensions.sorted().map { e in
            e.map { c in c.isLetter ? "[\(c)\(c.uppercased())]" : String(c) }.joined()
        }.joined(separator: "|")
        return #"^[^./\\\u0000-\u001f\u007f-][^/\\\u0000-\u001f\u007f]*\.("# + ext + ")$"
    }

    private static func quoted(_ name: String) -> String {
        ReplyValue.quoted(String(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }))
    }
}
