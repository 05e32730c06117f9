import PlayheadTestSupport
import Glibc
import PlayheadCore
import PlayheadSys
import Synchronization
import Testing

/// Console screenshots land only in their folder, under names playhead makes, never through
/// a link or into a FIFO, and the oldest go beyond the count.
@Suite struct ScreenshotFolderTests {
    @Test func namesFollowTheHighestAndTheOldestGo() throws {
        let dir = TemporaryDirectory()
        try FileOutput.write([1], to: dir.file("screenshot-000004.png"))
        let folder = ScreenshotFolder(path: dir.path + "/", keep: 2)
        var saved: [String] = []
        for _ in 0..<3 {
            let path = try folder.reserve()
            try folder.save([0x89, 0x50], to: path)
            saved.append(path)
        }
        #expect(saved == [5, 6, 7].map { dir.file("screenshot-00000\($0).png") })
        #expect(FileInput.exists(dir.file("screenshot-000006.png")) && FileInput.exists(dir.file("screenshot-000007.png")))
        #expect(!FileInput.exists(dir.file("screenshot-000004.png")) && !FileInput.exists(dir.file("screenshot-000005.png")))
    }

    @Test func aLinkOrAFIFOAtTheReservedNameIsNotWrittenThrough() throws {
        let dir = TemporaryDirectory()
        let victim = dir.file("state")
        try FileOutput.write(Array("place".utf8), to: victim)
        let folder = ScreenshotFolder(path: dir.path, keep: 10)
        let first = try folder.reserve()
        symlink(victim, first)
        #expect(throws: PlaybackError.self) { try folder.save([1, 2, 3], to: first) }
        #expect(FileInput.readText(victim) == "place")
        let second = try folder.reserve()
        #expect(mkfifo(second, 0o600) == 0)
        // No reader: an open without O_NONBLOCK would wait here for ever.
        #expect(throws: PlaybackError.self) { try folder.save([1, 2, 3], to: second) }
    }

    @Test func anOperatorsFileIsNeverALinkOrAFIFO() throws {
        let dir = TemporaryDirectory()
        try FileOutput.write(Array("place".utf8), to: dir.file("state"))
        symlink(dir.file("state"), dir.file("shot.png"))
        #expect(throws: PlaybackError.self) { try FileOutput.write([1], to: dir.file("shot.png")) }
        #expect(FileInput.readText(dir.file("state")) == "place")
        #expect(mkfifo(dir.file("fifo.png"), 0o600) == 0)
        #expect(throws: PlaybackError.self) { try FileOutput.write([1], to: dir.file("fifo.png")) }
    }
}

/// Whoever asked for a screenshot waits for its outcome instead of polling the file: written,
/// refused (and why), or not taken in time.
@Suite struct ScreenshotOutcomeTests {
    @Test func aSavedShotIsWholeUnderItsNameAndNothingElseIsLeft() throws {
        let dir = TemporaryDirectory()
        let folder = ScreenshotFolder(path: dir.path, keep: 5)
        let path = try folder.reserve()
        try folder.save([1, 2, 3], to: path)
        #expect(folder.outcome(of: path, waitingMilliseconds: 0) == nil)
        #expect(FileOutput.names(in: dir.path) == ["screenshot-000001.png"])
        // Heard once: a second wait for it has nothing to hear.
        #expect(folder.outcome(of: path, waitingMilliseconds: 0)?.contains("was not taken within") == true)
    }

    @Test func aRefusedOrAbandonedShotSaysWhy() throws {
        let dir = TemporaryDirectory()
        let folder = ScreenshotFolder(path: dir.path, keep: 5)
        let planted = try folder.reserve()
        try FileOutput.write([9], to: planted)
        #expect(throws: PlaybackError.self) { try folder.save([1, 2, 3], to: planted) }
        #expect(folder.outcome(of: planted, waitingMilliseconds: 0)?.contains("cannot write") == true)
        #expect(FileInput.readText(planted) == "\u{9}")
        #expect(FileOutput.names(in: dir.path)?.sorted() == ["screenshot-000001.png"])
        let dropped = try folder.reserve()
        folder.abandon(dropped, because: "3 captures are still being written")
        #expect(folder.outcome(of: dropped, waitingMilliseconds: 0) == "3 captures are still being written")
    }

    @Test func outcomesNobodyAskedForGoOldestFirst() throws {
        let dir = TemporaryDirectory()
        let folder = ScreenshotFolder(path: dir.path, keep: 5)
        let names = (1...20).map { "\(dir.path)/shot-\($0).png" }
        for (n, name) in names.enumerated() { folder.abandon(name, because: "reason \(n + 1)") }
        // The last 16 are kept, the newest among them too; the first 4 went.
        #expect(folder.outcome(of: names[19], waitingMilliseconds: 0) == "reason 20")
        #expect(folder.outcome(of: names[4], waitingMilliseconds: 0) == "reason 5")
        #expect(folder.outcome(of: names[3], waitingMilliseconds: 0)?.contains("was not taken") == true)
    }

    @Test func aWaiterOnAnotherThreadIsWokenByTheSave() throws {
        let dir = TemporaryDirectory()
        let folder = ScreenshotFolder(path: dir.path, keep: 5)
        let path = try folder.reserve()
        let heard = Mutex<String??>(.none)
        let waiter = WorkerThread(name: "shot-wait") { heard.withLock { $0 = .some(folder.outcome(of: path, waitingMilliseconds: 60_000)) } }
        try folder.save([1], to: path)
        waiter.join()
        #expect(heard.withLock { $0 } == .some(nil))
    }
}
