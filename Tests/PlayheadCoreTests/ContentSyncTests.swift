@testable import PlayheadCore
import Testing

/// Content sync's decisions on a virtual clock: no thread, no network, no disk.
struct ContentSyncTests {
    static let s: Int64 = 1_000_000_000
    static func file(_ path: String, _ hash: Character, size: Int64 = 100 << 20) -> ContentManifest.File {
        ContentManifest.File(path: path, size: size, sha256: String(repeating: hash, count: 64))
    }
    static let one = ContentManifest(files: [file("a.mp4", "a"), file("b.mp4", "b")], playlist: ["a.mp4", "b.mp4"])
    /// b changed, c is new; a stays.
    static let two = ContentManifest(files: [file("a.mp4", "a"), file("b.mp4", "c"), file("c.mp4", "d")], playlist: ["c.mp4", "a.mp4"])

    func machine(current: ContentSync.Generation? = nil, limit: Int64 = 1 << 40) -> ContentSync {
        ContentSync(current: current, pollNanoseconds: 60 * Self.s, limitBytes: limit, now: 0)
    }

    func downloads(_ actions: [ContentSync.Action]) -> [String] {
        actions.compactMap { if case .download(let f) = $0 { f.path } else { nil } }
    }

    @Test func theFirstGenerationIsDownloadedVerifiedCommittedAndPlayed() {
        var m = machine()
        #expect(m.tick(now: 0) == [.fetchManifest])
        let start = m.manifestFetched(.success(Self.one), now: 1)
        let g1 = ContentSync.Generation(number: 1, manifest: Self.one)
        #expect(start.contains(.prepare(g1)))
        #expect(downloads(start) == ["a.mp4"])
        #expect(downloads(m.downloaded(.verified, now: 2)) == ["b.mp4"])
        #expect(m.downloaded(.verified, now: 3) == [.commit(g1)])
        let done = m.committed(error: nil, now: 4)
        #expect(done.contains(.play(g1)))
        // Until the playlist changed, nothing is removed and g1 is not yet current.
        #expect(m.current == nil)
        #expect(m.playing(1, now: 5).contains(.removeBefore(1)))
        #expect(m.current == g1)
        #expect(m.wakeAt == 5 + 60 * Self.s)
    }

    @Test func filesTheGenerationPlayingHoldsAreNotDownloadedAgain() {
        var m = machine(current: .init(number: 4, manifest: Self.one))
        _ = m.tick(now: 0)
        let start = m.manifestFetched(.success(Self.two), now: 1)
        #expect(start.contains(.prepare(.init(number: 5, manifest: Self.two))))
        #expect(downloads(start) == ["b.mp4"])
        #expect(start.contains(.note("content: generation 5: 3 files, 2 to download (200.0 MB)")))
        #expect(downloads(m.downloaded(.verified, now: 2)) == ["c.mp4"])
        #expect(m.downloaded(.verified, now: 3) == [.commit(.init(number: 5, manifest: Self.two))])
    }

    @Test func theSameManifestAgainDoesNothingUntilTheNextPoll() {
        var m = machine(current: .init(number: 1, manifest: Self.one))
        _ = m.tick(now: 0)
        #expect(m.manifestFetched(.success(Self.one), now: 1).isEmpty)
        #expect(m.tick(now: 30 * Self.s).isEmpty)
        #expect(m.tick(now: 61 * Self.s) == [.fetchManifest])
    }

    @Test func aSyncAskedForFetchesAtOnce() {
        var m = machine(current: .init(number: 1, manifest: Self.one))
        _ = m.tick(now: 0)
        _ = m.manifestFetched(.success(Self.one), now: 1)
        #expect(m.syncRequested(now: 2) == [.fetchManifest])
    }

    @Test func noNetworkBacksOffAndTheGenerationPlayingPlaysOn() {
        var m = machine(current: .init(number: 1, manifest: Self.one))
        _ = m.tick(now: 0)
        let said = m.manifestFetched(.failure(ContentFailure("the server did not answer")), now: 0)
        #expect(said == [.warning("content: the server did not answer; generation 1 plays on")])
        #expect(m.wakeAt == 5 * Self.s)
        _ = m.tick(now: 5 * Self.s)
        _ = m.manifestFetched(.failure(ContentFailure("no route")), now: 5 * Self.s)
        #expect(m.wakeAt == 15 * Self.s)
        for _ in 0..<20 {
            _ = m.tick(now: m.wakeAt!)
            _ = m.manifestFetched(.failure(ContentFailure("no route")), now: m.wakeAt ?? 0)
        }
        // Never longer than five minutes between tries.
        let before = m.wakeAt!
        _ = m.tick(now: before)
        _ = m.manifestFetched(.failure(ContentFailure("no route")), now: before)
        #expect(m.wakeAt! - before == 300 * Self.s)
        #expect(m.current?.number == 1)
    }

    @Test func aDroppedDownloadResumesTheSameFileAfterAWait() {
        var m = machine()
        _ = m.tick(now: 0)
        _ = m.manifestFetched(.success(Self.one), now: 0)
        #expect(m.downloaded(.failed("the connection was reset"), now: 10) == [.warning("content: a.mp4: the connection was reset; the options' own playlist plays on")])
        #expect(m.tick(now: 10 + 4 * Self.s).isEmpty)
        #expect(downloads(m.tick(now: 10 + 5 * Self.s)) == ["a.mp4"])
        // A success resets the back-off.
        _ = m.downloaded(.verified, now: 6 * Self.s)
        #expect(m.failures == 0)
    }

    @Test func aMismatchAsksForTheManifestAgainAndGivesUpAfterThree() {
        var m = machine(current: .init(number: 1, manifest: Self.one))
        _ = m.tick(now: 0)
        _ = m.manifestFetched(.success(Self.two), now: 0)
        for _ in 0..<2 {
            #expect(m.downloaded(.mismatch, now: 1).last == .fetchManifest)
            #expect(downloads(m.manifestFetched(.success(Self.two), now: 1)) == ["b.mp4"])
        }
        let last = m.downloaded(.mismatch, now: 2)
        #expect(last.count == 1)
        guard case .warning(let line) = last.first else { Issue.record("no warning"); return }
        #expect(line.hasPrefix("content: b.mp4 did not match its SHA-256 in 3 downloads"))
        #expect(m.wakeAt == 2 + 60 * Self.s)
        #expect(m.current?.number == 1)
    }

    @Test func aManifestChangedDuringTheDownloadStartsTheNewOne() {
        var m = machine()
        _ = m.tick(now: 0)
        _ = m.manifestFetched(.success(Self.one), now: 0)
        _ = m.downloaded(.mismatch, now: 1)
        let again = m.manifestFetched(.success(Self.two), now: 1)
        #expect(again.contains(.prepare(.init(number: 1, manifest: Self.two))))
        #expect(downloads(again) == ["a.mp4"])
    }

    @Test func aGenerationOverTheLimitIsNotBegun() {
        var m = machine(current: .init(number: 1, manifest: Self.one), limit: 300 << 20)
        _ = m.tick(now: 0)
        let said = m.manifestFetched(.success(Self.two), now: 0)
        #expect(said == [.warning("content: the new manifest needs 200.0 MB more beside the 200.0 MB playing, over content-limit 300.0 MB; generation 1 plays on")])
        #expect(m.phase == .idle(nextPollAt: 60 * Self.s))
    }

    @Test func aFullDiskOrAFailedCommitKeepsTheGenerationPlaying() {
        var m = machine(current: .init(number: 1, manifest: Self.one))
        _ = m.tick(now: 0)
        _ = m.manifestFetched(.success(Self.two), now: 0)
        #expect(m.downloaded(.noRoom("No space left on device"), now: 1) == [.warning("content: no room for b.mp4 (No space left on device); generation 1 plays on")])
        _ = m.tick(now: 61 * Self.s)
        _ = m.manifestFetched(.success(Self.two), now: 61 * Self.s)
        _ = m.downloaded(.verified, now: 62 * Self.s)
        #expect(m.downloaded(.verified, now: 62 * Self.s) == [.commit(.init(number: 2, manifest: Self.two))])
        _ = m.committed(error: "Read-only file system", now: 63 * Self.s)
        #expect(m.current?.number == 1)
        #expect(m.wakeAt == 63 * Self.s + 5 * Self.s)
    }

    @Test func eventsThatDoNotFitThePhaseAreIgnored() {
        var m = machine()
        #expect(m.downloaded(.verified, now: 0).isEmpty)
        #expect(m.committed(error: nil, now: 0).isEmpty)
        #expect(m.playing(3, now: 0).isEmpty)
        #expect(m.manifestFetched(.success(Self.one), now: 0).isEmpty)
    }
}
