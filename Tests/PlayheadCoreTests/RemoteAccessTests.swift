import PlayheadCore
import Testing

/// The API's pure parts: the token comparison, the login throttle on a virtual clock, the
/// upload names it accepts, the percent-decoding in front of them.
struct RemoteAccessTests {
    let token = Array("abcdefghijklmnop1234".utf8)

    @Test func onlyTheWholeTokenMatches() {
        #expect(TokenMatch.matches(token, token))
        #expect(!TokenMatch.matches(Array("abcdefghijklmnop123".utf8), token))
        #expect(!TokenMatch.matches(Array("abcdefghijklmnop12345".utf8), token))
        #expect(!TokenMatch.matches(Array("abcdefghijklmnop1235".utf8), token))
        #expect(!TokenMatch.matches([UInt8](), token))
        // An empty expected token never matches, not even an empty one.
        #expect(!TokenMatch.matches([UInt8](), []))
    }

    @Test func fiveMistakesAreFreeThenLockoutsDoubleUpToTheCap() {
        var t = LoginThrottle(freeFailures: 5, firstLockoutNanoseconds: 1_000, maxLockoutNanoseconds: 8_000)
        var now: Int64 = 0
        for _ in 1...5 {
            #expect(t.wait(for: "a", now: now) == nil)
            t.failed("a", now: now)
        }
        #expect(t.wait(for: "a", now: now) == nil)
        t.failed("a", now: now)
        #expect(t.wait(for: "a", now: now) == 1_000)
        #expect(t.wait(for: "b", now: now) == nil)
        now += 1_000
        #expect(t.wait(for: "a", now: now) == nil)
        t.failed("a", now: now)
        #expect(t.wait(for: "a", now: now) == 2_000)
        for _ in 0..<40 { t.failed("a", now: now) }
        #expect(t.wait(for: "a", now: now) == 8_000)
        t.succeeded("a")
        #expect(t.wait(for: "a", now: now) == nil)
        #expect(t.records["a"] == nil)
    }

    @Test func theThrottleForgetsTheOldestPeerBeyondItsBound() {
        var t = LoginThrottle(maxPeers: 3)
        for (i, peer) in ["a", "b", "c", "d"].enumerated() { t.failed(peer, now: Int64(i)) }
        #expect(t.records.count == 3)
        #expect(t.records["a"] == nil)
        #expect(t.records["d"] != nil)
    }

    @Test func uploadNamesArePlainMediaNames() {
        #expect((try? UploadName.check("clip 1.mp4").get()) == "clip 1.mp4")
        #expect((try? UploadName.check("Film.MKV").get()) == "Film.MKV")
        for bad in ["", "../x.mp4", "a/b.mp4", "a\\b.mp4", ".hidden.mp4", "-rf.mp4", "x.sh", "noext", "a\u{1}.mp4",
                    String(repeating: "a", count: 250) + ".mp4"] {
            guard case .failure(let e) = UploadName.check(bad) else {
                Issue.record("\(bad.debugDescription) was accepted")
                continue
            }
            #expect(!e.message.contains("\u{1}"))
        }
        #expect((try? UploadName.check(String(repeating: "é", count: 56) + ".mp4").get()) != nil)
        #expect((try? UploadName.check(String(repeating: "é", count: 57) + ".mp4").get()) == nil)
    }

    /// The pattern the API's description gives clients says what the check says.
    @Test func theNamePatternAgreesWithTheCheck() throws {
        let regex = try Regex(UploadName.pattern)
        for name in ["clip 1.mp4", "Film.MKV", "été.Mp3", "../x.mp4", "a/b.mp4", "a\\b.mp4", ".hidden.mp4", "-rf.mp4", "x.sh",
                     "noext", "a\u{1}.mp4", "a\u{7F}.mp4", "x.mp4.sh", "x.", "0000.png"] {
            let matches = (try? regex.wholeMatch(in: name)) != nil
            let accepted = (try? UploadName.check(name).get()) != nil
            #expect(matches == accepted, "\(name.debugDescription): pattern \(matches), check \(accepted)")
        }
    }

    @Test func percentEscapesDecodeOrAreRefused() {
        #expect(PercentDecoding.decode("my%20clip.mp4") == "my clip.mp4")
        #expect(PercentDecoding.decode("..%2Fevil.mp4") == "../evil.mp4")
        #expect(PercentDecoding.decode("%C3%A9t%C3%A9.mp4") == "été.mp4")
        #expect(PercentDecoding.decode("bad%2") == nil)
        #expect(PercentDecoding.decode("bad%zz") == nil)
        #expect(PercentDecoding.decode("%FF.mp4") == nil)
    }
}
