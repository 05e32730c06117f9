import PlayheadCore
import PlayheadSys
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct FolderWatcherTests {
    func until(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test func aFileAddedAndTheFolderRemovedAndMadeAgainAreSeen() async throws {
        let folder = "/tmp/playhead-watch-\(UInt32.random(in: 0...UInt32.max))"
        try FileOutput.makeDirectory(folder)
        let watcher = try #require(FolderWatcher(path: folder))
        let calls = Atomic(0)
        // A long interval: only inotify can bring the calls counted here.
        watcher.start(intervalMilliseconds: 60_000) { calls.add(1, ordering: .relaxed) }
        try await Task.sleep(for: .milliseconds(200))
        try FileOutput.write(Array("x".utf8), to: folder + "/1 a.mp4")
        #expect(await until { calls.load(ordering: .relaxed) >= 1 })
        #expect(DirectoryListing.read(folder)?.map(\.name) == ["1 a.mp4"])
        let before = calls.load(ordering: .relaxed)
        FileOutput.remove(folder + "/1 a.mp4")
        FileOutput.removeDirectory(folder)
        #expect(await until { calls.load(ordering: .relaxed) > before })
        #expect(DirectoryListing.read(folder) == nil)
        let gone = calls.load(ordering: .relaxed)
        try FileOutput.makeDirectory(folder)
        #expect(await until { calls.load(ordering: .relaxed) > gone })
        watcher.stop()
        watcher.stop()
        FileOutput.removeDirectory(folder)
    }

    @Test func aLookEveryIntervalCatchesWhatInotifyCannot() async throws {
        let folder = "/tmp/playhead-watch-\(UInt32.random(in: 0...UInt32.max))"
        try FileOutput.makeDirectory(folder)
        let watcher = try #require(FolderWatcher(path: folder))
        let calls = Atomic(0)
        watcher.start(intervalMilliseconds: 300) { calls.add(1, ordering: .relaxed) }
        #expect(await until { calls.load(ordering: .relaxed) >= 2 })
        watcher.stop()
        FileOutput.removeDirectory(folder)
    }
}
