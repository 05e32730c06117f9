#if canImport(Glibc)
import Glibc
#endif

/// Whether a standard descriptor is a terminal (the console's `auto`).
public enum Terminal {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
