import PlayheadCore
import PlayheadSys
import PlayheadTestSupport
import Testing

/// The watcher's thread is real (inotify is the kernel's): each wait is for its next call.
@Suite(.timeLimit(.minutes(1))) struct FolderWatcherTests {
    @Test func aFileAddedAndTheFolderRemovedAndMadeAgainAreSeen() async throws {
        // In a parent of its own: the parent is watched too, and /tmp is busy.
        let parent = TemporaryDirectory()
        let folder = parent.file("watched")
        try FileOutput.makeDirectory(folder)
        let watcher = try #require(FolderWatcher(path: folder))
        let calls = SharedValue(0)
        // A long interval: only inotify can bring the calls counted here. No wait after
        // start: the watches are in place once it returns.
        watcher.start(intervalMilliseconds: 60_000) { calls.update { $0 += 1 } }
        try FileOutput.write(Array("x".utf8), to: folder + "/1 a.mp4")
        #expect(await calls.wait { $0 >= 1 })
        #expect(DirectoryListing.read(folder)?.map(\.name) == ["1 a.mp4"])
        let before = calls.get
        FileOutput.remove(folder + "/1 a.mp4")
        FileOutput.removeDirectory(folder)
        #expect(await calls.wait { $0 > before })
        #expect(DirectoryListing.read(folder) == nil)
        let gone = calls.get
        try FileOutput.makeDirectory(folder)
        #expect(await calls.wait { $0 > gone })
        watcher.stop()
        watcher.stop()
        FileOutput.removeDirectory(folder)
    }

    // The interval is counted in the thread's own 100 ms polls: this one takes real time,
    // two intervals of 100 ms.
    @Test func aLookEveryIntervalCatchesWhatInotifyCannot() async throws {
        let parent = TemporaryDirectory()
        let folder = parent.file("watched")
        try FileOutput.makeDirectory(folder)
        let watcher = try #require(FolderWatcher(path: folder))
        let calls = SharedValue(0)
        watcher.start(intervalMilliseconds: 100) { calls.update { $0 += 1 } }
        #expect(await calls.wait { $0 >= 2 })
        watcher.stop()
        FileOutput.removeDirectory(folder)
    }
}
