import PlayheadTestSupport
import Glibc
import PlayheadSys
import Testing

@Suite struct AtomicFileTests {
    @Test func replacesTheFileWhole() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/state"
        try AtomicFile.write("one\n", to: path)
        #expect(FileInput.readText(path) == "one\n")
        try AtomicFile.write("two, longer\n", to: path)
        #expect(FileInput.readText(path) == "two, longer\n")
        #expect(FileInput.readText(path + ".new") == nil)
    }

    @Test func anUnwritableFolderIsAnErrorNamingThePath() {
        do {
            try AtomicFile.write("x", to: "/proc/no-such-dir/state")
            Issue.record("the write did not fail")
        } catch {
            #expect(error.description.hasPrefix("cannot write /proc/no-such-dir/state.new: "))
        }
        #expect(FileInput.readText("/proc/no-such-dir/state") == nil)
    }

    @Test func aLinkLeftBesideItIsNotWrittenThrough() throws {
        let dir = TemporaryDirectory()
        let victim = dir.file("victim")
        try AtomicFile.write("precious\n", to: victim)
        symlink(victim, dir.file("state.new"))
        try AtomicFile.write("place\n", to: dir.file("state"), mode: 0o600)
        #expect(FileInput.readText(victim) == "precious\n")
        #expect(FileInput.readText(dir.file("state")) == "place\n")
        var info = stat()
        #expect(lstat(dir.file("state"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFREG)
    }
}
