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
}
