#if canImport(Glibc)
import Glibc
#endif

/// errno in words, for the few libmosquitto failures that leave one.
enum ErrnoText {
    static func describe(_ e: Int32) -> String { String(cString: strerror(e)) }
}
